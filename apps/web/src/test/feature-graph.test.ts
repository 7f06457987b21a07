/**
 * The features form layers: the graph of which feature imports which (through its index.ts, or a page loaded later)
 * has no cycle, so the drawing of the web shows no arrow running back up. import-x/no-cycle does not see this: a
 * feature's index.ts re-exports, and an import of one name from it does not follow the others. Read from the source
 * with a regex: every static or dynamic import whose specifier resolves into another feature's folder is an edge.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');
const featuresDir = path.join(src, 'features');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*)'([^']+)'/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    // A test may reach across the layers to set up its case; the layers are the app's own imports.
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield file;
  }
}

/** The feature a path lies in, or undefined outside src/features/. */
function featureOf(file: string): string | undefined {
  const rel = path.relative(featuresDir, file);
  return rel.startsWith('..') ? undefined : rel.split(path.sep)[0];
}

/** feature → feature → the files that make the edge. */
export function featureGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const feature of fs.readdirSync(featuresDir)) graph.set(feature, new Map());
  for (const file of sourceFiles(featuresDir)) {
    const from = featureOf(file)!;
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      if (!spec!.startsWith('.')) continue;
      const to = featureOf(path.resolve(path.dirname(file), spec!));
      if (!to || to === from) continue;
      const files = graph.get(from)!.get(to) ?? [];
      files.push(path.relative(src, file));
      graph.get(from)!.set(to, files);
    }
  }
  return graph;
}

/** Every cycle's strongly connected component (Tarjan), each with one cycle through it spelled out. */
export function cycles(graph: Map<string, Map<string, string[]>>): string[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!.keys()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return components.map((component) => {
    // One cycle through the component's first member, found by a breadth-first walk inside the component.
    const inside = new Set(component);
    const start = component[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    let last: string | undefined;
    while (queue.length && !last) {
      const v = queue.shift()!;
      for (const w of graph.get(v)!.keys()) {
        if (!inside.has(w)) continue;
        if (w === start) {
          last = v;
          break;
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    const cycle = [start];
    for (let v = last!; v !== start; v = previous.get(v)!) cycle.splice(1, 0, v);
    cycle.push(start);
    const steps = cycle.slice(1).map((to, i) => `${cycle[i]} → ${to} (${graph.get(cycle[i]!)!.get(to)![0]})`);
    return `{${component.join(', ')}}: ${steps.join(', ')}`;
  });
}

describe('the features form layers', () => {
  it('no feature imports, through any other, one that imports it', () => {
    expect(cycles(featureGraph())).toEqual([]);
  });
});
