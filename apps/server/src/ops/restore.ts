/** npm run db:restore -- FILE: replaces the configured database's content with a backup (see dump.ts). */
import { parseArgs } from 'node:util';
import { finish, OpsError, restore } from './dump.js';

const { positionals } = parseArgs({ allowPositionals: true, strict: true });
const file = positionals[0];
finish(
  file
    ? restore(file).then((aside) => `✓ 恢复完成 (restored from ${file})${aside ? `；原数据已移至 (previous files kept in) ${aside}` : ''}`)
    : Promise.reject(new OpsError('用法 (usage): npm run db:restore -- <备份文件>')),
);
