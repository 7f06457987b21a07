// `npm start`: install, build the web app, then run one server (API + web) on PORT (default 3000).
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureWebBuilt, root } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
