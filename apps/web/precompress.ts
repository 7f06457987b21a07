/**
 * Build-time compression: every text asset of the build gets a `.br` (brotli, maximum quality) and a `.gz`
 * (gzip -9) sibling, which the server picks by the request's Accept-Encoding. Compressing once at build time
 * allows the slowest, smallest settings and costs nothing per request. The files are compressed concurrently on
 * libuv's thread pool (zlib's asynchronous API), so every core works on a build (npm start's first run included).
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;
/** Below this, compression saves less than its headers cost. */
const MIN_BYTES = 1024;
const brotliCompress = promisify(zlib.brotliCompress);
const gzipCompress = promisify(zlib.gzip);

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
    async closeBundle() {
      let raw = 0;
      let br = 0;
      let gz = 0;
      const compressOne = async (file: string) => {
        const body = fs.readFileSync(file);
        if (body.length < MIN_BYTES) return;
        const [brotli, gzip] = await Promise.all([
          brotliCompress(body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
          gzipCompress(body, { level: 9 }),
        ]);
        fs.writeFileSync(`${file}.br`, brotli);
        fs.writeFileSync(`${file}.gz`, gzip);
        raw += body.length;
        br += brotli.length;
        gz += gzip.length;
      };
      await Promise.all(
        filesUnder(outDir)
          .filter((f) => COMPRESSIBLE.test(f))
          .map(compressOne),
      );
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      this.info(`precompressed ${kb(raw)} → brotli ${kb(br)}, gzip ${kb(gz)}`);
    },
  };
}
