/** The reference point of `npm run bench`: a bare Fastify app answering `{ ok: true }`. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
