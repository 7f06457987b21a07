/**
 * Build-time compression: every text asset of the build gets a `.br` (brotli, maximum quality) and a `.gz`
 * (gzip -9) sibling, which the server picks by the request's Accept-Encoding. Compressing once at build time
 * allows the slowest, smallest settings and costs nothing per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;
/** Below this, compression saves less than its headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'shiju-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      let raw = 0;
      let br = 0;
      let gz = 0;
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        const brotli = zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        const gzip = zlib.gzipSync(body, { level: 9 });
        fs.writeFileSync(`${file}.br`, brotli);
        fs.writeFileSync(`${file}.gz`, gzip);
        raw += body.length;
        br += brotli.length;
        gz += gzip.length;
      }
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      this.info(`precompressed ${kb(raw)} → brotli ${kb(br)}, gzip ${kb(gz)}`);
    },
  };
}
