import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import securityHeaders, { helmetHeaders } from './security-headers';

describe('security headers', () => {
  it('are helmet’s, read once: the policy as given, the defaults, minus what was turned off', () => {
    const headers = new Map(
      helmetHeaders({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] },
        },
        strictTransportSecurity: false,
        frameguard: false,
      }),
    );
    expect(headers.get('content-security-policy')).toBe("default-src 'self';img-src 'self' data:");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.has('strict-transport-security')).toBe(false);
    expect(headers.has('x-frame-options')).toBe(false);
  });

  it('are on every answer, a 404 and an answer that takes the response over included', async () => {
    const app = Fastify();
    await app.register(securityHeaders, { frameguard: false });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/raw', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/plain' });
      reply.raw.end('raw');
    });
    try {
      for (const url of ['/ok', '/missing', '/raw']) {
        const answer = await app.inject(url);
        expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
        expect(answer.headers['content-security-policy'], url).toContain("default-src 'self'");
      }
    } finally {
      await app.close();
    }
  });
});
