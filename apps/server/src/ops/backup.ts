/** npm run db:backup -- [--out FILE]: a backup of the configured database (see dump.ts). */
import { parseArgs } from 'node:util';
import { backup, finish } from './dump.js';

const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
finish(backup(values.out).then((file) => `✓ 备份完成 (backup written): ${file}`));
