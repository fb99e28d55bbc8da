/**
 * Request ids (decision 023): every request gets one, on each of its log lines (`reqId`) and in
 * its answer's `X-Request-Id`. A reverse proxy that already named the request keeps its name, so
 * one id follows a request through the proxy's log and ours; a client that talks to us directly
 * cannot choose the id others' log lines are found by.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import type { TrustProxy } from './config';
import { trustedPeer } from './trusted-peer';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Visible ASCII, at most 128 characters: anything else in a log line or a header is refused. */
const SANE_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * Fastify's `genReqId`: the `X-Request-Id` a trusted proxy sent, when it is a sane value, and a
 * random UUID otherwise.
 */
export function requestIdGenerator(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  const trusted = trustedPeer(trustProxy);
  return (request) => {
    const sent = request.headers[REQUEST_ID_HEADER];
    if (typeof sent === 'string' && SANE_ID.test(sent) && trusted(request.socket?.remoteAddress)) return sent;
    return randomUUID();
  };
}
