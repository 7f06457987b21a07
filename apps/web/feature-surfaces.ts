import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** `export { a, type B, default as C } from './x.js';`: a feature surface's only kind of statement. */
const REEXPORT = /export\s*(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)';/g;
/** `import { a, type B as C } from '…/features/<domain>/index.js';` (not `import type`, which the compiler drops). */
const SURFACE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'([^']*\/index\.js)';/g;

interface Source {
  /** The file that defines the name. */
  file: string;
  /** Its name there. */
  name: string;
}

/** What a surface re-exports: public name → the file and name it comes from. */
function surfaceOf(indexFile: string): Map<string, Source> {
  const names = new Map<string, Source>();
  const text = fs.readFileSync(indexFile, 'utf8');
  for (const [, typeOnly, list, spec] of text.matchAll(REEXPORT)) {
    if (typeOnly) continue;
    const file = path.resolve(path.dirname(indexFile), spec!.replace(/\.js$/, ''));
    for (const part of list!.split(',')) {
      const item = part.trim();
      if (!item || item.startsWith('type ')) continue;
      const [name, as = name] = item.split(/\s+as\s+/) as [string, string?];
      names.set(as, { file, name });
    }
  }
  return names;
}

/** An import specifier from `from` to `file` (a path without extension), in the source's own `.js` style. */
function specifier(from: string, file: string): string {
  const rel = path.relative(path.dirname(from), file).split(path.sep).join('/');
  return `${rel.startsWith('.') ? rel : `./${rel}`}.js`;
}

/**
 * A feature's index.ts (src/features/<domain>/index.ts) is its public surface for the code and for lint; the bundle
 * sees through it. An import of names from a surface becomes imports from the files that define them, so the build
 * splits chunks as if every file imported what it uses directly: a surface would otherwise join everything it
 * re-exports into one module that every importer's chunk depends on (the editor with a text's page, for one).
 */
export function featureSurfaces(): Plugin {
  const featuresDir = path.join(import.meta.dirname, 'src/features');
  return {
    name: 'shiju-feature-surfaces',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || !code.includes('/index.js')) return null;
      let changed = false;
      const out = code.replace(SURFACE_IMPORT, (whole, list: string, spec: string) => {
        const target = path.resolve(path.dirname(id), spec).replace(/\.js$/, '.ts');
        if (path.dirname(path.dirname(target)) !== featuresDir) return whole;
        const surface = surfaceOf(target);
        const bySource = new Map<string, string[]>();
        for (const part of list.split(',')) {
          const item = part.trim();
          if (!item || item.startsWith('type ')) continue;
          const [name, local = name] = item.split(/\s+as\s+/) as [string, string?];
          const source = surface.get(name);
          if (!source) return whole;
          const names = bySource.get(source.file) ?? [];
          names.push(source.name === local ? local : `${source.name} as ${local}`);
          bySource.set(source.file, names);
        }
        changed = true;
        return [...bySource].map(([file, names]) => `import { ${names.join(', ')} } from '${specifier(id, file)}';`).join('\n');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
