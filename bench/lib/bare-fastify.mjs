// The baseline of `bench/http.mjs`: what Fastify itself answers on this machine, with nothing of ours.
// `PORT=… node bench/lib/bare-fastify.mjs`
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
