import { connect, type AddressInfo, type Socket } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { trustedPeer } from '../../server/trusted-peer';
import { createTestApp } from '../setup/test-app';

/**
 * Slow and greedy clients (issue 15), with raw sockets against the listening server: headers
 * must arrive within HEADERS_TIMEOUT_MS, and one address holds at most CONNECTIONS_PER_IP.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>> | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await ctx?.close();
  ctx = undefined;
});

async function listening(overrides: Parameters<typeof createTestApp>[0]) {
  ctx = await createTestApp(overrides);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return (ctx.app.server.address() as AddressInfo).port;
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.on('error', () => {});
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** Everything the server sends until it closes the socket (or `ms` passes: then 'still open'). */
function untilClosed(socket: Socket, ms: number): Promise<{ data: string; closedAfterMs: number } | 'still open'> {
  const started = Date.now();
  let data = '';
  socket.on('data', (chunk) => (data += chunk.toString('latin1')));
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still open'), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ data, closedAfterMs: Date.now() - started });
    });
  });
}

/** One keep-alive request on an open socket; resolves with the status line. */
function request(socket: Socket, path = '/healthz'): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('data', (chunk) => resolve(chunk.toString('latin1').split('\r\n')[0]!));
    socket.once('close', () => reject(new Error('closed without an answer')));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  });
}

describe('slow headers', () => {
  it('a client that drips its headers is cut off once HEADERS_TIMEOUT_MS has passed', async () => {
    const port = await listening({ headersTimeoutMs: 1000 });
    const socket = await open(port);
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
    try {
      const outcome = await untilClosed(socket, 5000);
      expect(outcome).not.toBe('still open');
      if (outcome === 'still open') return;
      expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(900);
      expect(outcome.closedAfterMs).toBeLessThan(3000);
      expect(outcome.data).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(drip);
    }
  });

  it('the default bound is 10 s', async () => {
    const port = await listening({});
    expect(ctx!.config.headersTimeoutMs).toBe(10_000);
    expect(ctx!.app.server.headersTimeout).toBe(10_000);
    // A prompt client is not affected.
    expect(await request(await open(port))).toBe('HTTP/1.1 200 OK');
  });
});

describe('connections per address', () => {
  it('closes the connection over the cap at once and keeps serving the others', async () => {
    const port = await listening({ maxConnectionsPerAddress: 4 });
    const held = await Promise.all(Array.from({ length: 4 }, () => open(port)));
    const over = await open(port);
    const outcome = await untilClosed(over, 2000);
    expect(outcome).not.toBe('still open');
    for (const socket of held) expect(await request(socket)).toBe('HTTP/1.1 200 OK');

    // Once one of them closes, the address may open another.
    held[0]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await request(await open(port))).toBe('HTTP/1.1 200 OK');
  });

  it("does not count a trusted proxy's connections: they carry many clients", async () => {
    const port = await listening({ maxConnectionsPerAddress: 2, trustProxy: ['loopback'] });
    const held = await Promise.all(Array.from({ length: 5 }, () => open(port)));
    for (const socket of held) expect(await request(socket)).toBe('HTTP/1.1 200 OK');
  });

  it('tells trusted proxies by address, network and named range', () => {
    const trusted = trustedPeer(['10.0.0.0/8', '2001:db8::1', 'loopback']);
    expect(trusted('10.1.2.3')).toBe(true);
    expect(trusted('::ffff:10.1.2.3')).toBe(true);
    expect(trusted('2001:db8::1')).toBe(true);
    expect(trusted('127.0.0.1')).toBe(true);
    expect(trusted('::1')).toBe(true);
    expect(trusted('11.0.0.1')).toBe(false);
    expect(trusted('2001:db8::2')).toBe(false);
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
  });
});
