/**
 * The machine's ceiling for bench/api-load.ts: a bare Fastify route that answers a constant, in a
 * process of its own, so that the storefront's figures can be read as a share of it.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { success: true, data: [] };
app.get('/', async () => answer);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`Ceiling ready at ${address}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
