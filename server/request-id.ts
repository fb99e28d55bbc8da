/**
 * Request ids (decision 023): every request gets one, on each of its log lines (`reqId`) and in
 * its answer's `X-Request-Id`. A reverse proxy that already named the request keeps its name, so
 * one id follows a request through the proxy's log and ours; a client that talks to us directly
 * cannot choose the id others' log lines are found by.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv4 } from 'node:net';

import type { TrustProxy } from './config';

export const REQUEST_ID_HEADER = 'x-request-id';

/** proxy-addr's named ranges, as TRUST_PROXY takes them (config.ts). */
const PRESETS: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Whether a socket peer is one of the proxies TRUST_PROXY names. */
export function trustedPeer(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const preset = PRESETS[entry];
    if (preset) {
      for (const [network, prefix, type] of preset) list.addSubnet(network, prefix, type);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    // A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return list.check(mapped, 'ipv4') || list.check(address, 'ipv6');
    return list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  };
}

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
