// `node scripts/tools.mjs`: installs tools/ (the chinese-poetry corpus, Lighthouse) when missing or stale; the
// benchmarks and `npm run tones:build` run it first.
import { ensureTools } from './lib.mjs';

ensureTools();
