import { createECDH, randomBytes } from 'node:crypto';

import { http, HttpResponse } from 'msw';

/**
 * A Web Push service (RFC 8030, as FCM and Mozilla's autopush answer it): a push message is a
 * POST to the subscription's endpoint; 201 Created with a Location naming the message when
 * accepted; 404 Not Found or 410 Gone when the subscription has expired or was unsubscribed.
 */
export const PUSH_SERVICE = 'https://push.example.net';

/** What the push service received: enough to check that the message was VAPID-signed and encrypted. */
export interface ReceivedPush {
  endpoint: string;
  authorization: string | null;
  contentEncoding: string | null;
  ttl: string | null;
  urgency: string | null;
  bodyBytes: number;
}

/** A browser's subscription on the mock service, with real keys (web-push encrypts with them). */
export function browserSubscription(id = randomBytes(8).toString('hex')) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${PUSH_SERVICE}/wpush/v2/${id}`,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

const record = async (request: Request, received: ReceivedPush[]) => {
  received.push({
    endpoint: request.url,
    authorization: request.headers.get('authorization'),
    contentEncoding: request.headers.get('content-encoding'),
    ttl: request.headers.get('ttl'),
    urgency: request.headers.get('urgency'),
    bodyBytes: (await request.arrayBuffer()).byteLength,
  });
};

export const pushService = {
  /** Accepts every message for delivery. */
  accepts(received: ReceivedPush[] = []) {
    return http.post(`${PUSH_SERVICE}/wpush/v2/:id`, async ({ request }) => {
      await record(request, received);
      return new HttpResponse(null, {
        status: 201,
        headers: {
          location: `${PUSH_SERVICE}/m/${randomBytes(8).toString('hex')}`,
          ttl: request.headers.get('ttl') ?? '0',
        },
      });
    });
  },
  /** The subscription at this endpoint id has expired or was unsubscribed: 410 Gone. */
  gone(id: string, received: ReceivedPush[] = []) {
    return http.post(`${PUSH_SERVICE}/wpush/v2/${id}`, async ({ request }) => {
      await record(request, received);
      return new HttpResponse(null, { status: 410 });
    });
  },
  /** The service is in trouble: 503, the subscription itself still valid. */
  unavailable(id: string) {
    return http.post(`${PUSH_SERVICE}/wpush/v2/${id}`, () => new HttpResponse(null, { status: 503 }));
  },
};
