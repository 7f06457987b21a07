/**
 * The baseline: a bare Fastify process answering a constant envelope, with nothing else in it. A separate process,
 * so the app's work never slows it; on the same machine, so the ratios include sharing the cores with PostgreSQL.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bench/bare', async () => ({ code: '00000', msg: '成功', data: { ok: true } }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ ready: app.server.address() });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
