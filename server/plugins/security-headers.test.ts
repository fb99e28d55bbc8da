import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import securityHeaders, { API_HEADERS, helmetHeaders, isApiAnswer } from './security-headers';

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

  it('are the API’s own on API answers, streams and refusals included, and helmet’s on the rest', async () => {
    const app = Fastify();
    await app.register(securityHeaders, { frameguard: false });
    app.get('/api/ok', async () => ({ ok: true }));
    app.get('/api/stream', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.end('data: 1\n\n');
    });
    app.get('/api/docs/', async () => 'docs');
    app.get('/apiary', async () => 'a page');
    try {
      for (const url of ['/api/ok', '/api/ok?x=1', '/api/stream', '/api/missing', '/api']) {
        const answer = await app.inject(url);
        for (const [name, value] of API_HEADERS) expect(answer.headers[name], `${url} ${name}`).toBe(value);
        expect(answer.headers['cross-origin-opener-policy'], url).toBeUndefined();
      }
      for (const url of ['/api/docs/', '/apiary']) {
        const answer = await app.inject(url);
        expect(answer.headers['content-security-policy'], url).toContain("default-src 'self'");
        expect(answer.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      }
    } finally {
      await app.close();
    }
  });

  it('tell an API answer by its path', () => {
    for (const url of ['/api', '/api/', '/api?x', '/api/product/public?q=milk', '/api/docsearch'])
      expect(isApiAnswer(url), url).toBe(true);
    for (const url of [
      '/',
      '/apiary',
      '/api-docs',
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs?x',
      '/products/1',
    ])
      expect(isApiAnswer(url), url).toBe(false);
  });
});
