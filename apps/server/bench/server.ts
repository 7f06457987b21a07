/**
 * The real app plus one bare route answering a constant: the baseline every benchmark ratio is taken against,
 * served by the same process, in the same run.
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_ON_START: 'false' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 20 });
const app = await buildApp({ config, database, ownsDatabase: true, rateLimits: {} });
app.get('/bench/bare', async () => ({ code: '00000', msg: '成功', data: { ok: true } }));
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.({ ready: app.server.address() });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
