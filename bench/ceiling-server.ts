/**
 * The machine's ceiling for bench/api-load.ts: a bare Fastify route that answers a constant, in a
 * process of its own, so that the storefront's figures can be read as a share of it. `/bytes/:n`
 * answers a body of n bytes, made once: the ceiling for answers as large as a scenario's.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { success: true, data: [] };
app.get('/', async () => answer);
const bodies = new Map<number, Buffer>();
app.get<{ Params: { n: string } }>('/bytes/:n', async (request, reply) => {
  const n = Math.min(1_000_000, Math.max(0, Number(request.params.n) || 0));
  let body = bodies.get(n);
  if (!body) bodies.set(n, (body = Buffer.alloc(n, 'x')));
  return reply.type('application/json; charset=utf-8').send(body);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`Ceiling ready at ${address}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
