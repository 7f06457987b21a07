import { hierarchy, tree, type HierarchyPointNode } from 'd3-hierarchy';
import type { ImitationTree } from '@shiju/contract';
import { nestNodes, type TreeItem } from './nest.js';
import { NodeMeta, NodeText } from './parts.js';

/** A column per generation, a row per text: the card's box and the room around it (px). */
const COL = 236;
const CARD_W = 212;
const ROW = 104;
const CARD_H = 92;
const ROOT_W = 48;

type Datum = { root: true; id: number; children: TreeItem[] } | (TreeItem & { root?: false });

/**
 * The family tree drawn left to right by d3-hierarchy's tidy-tree layout: the asked text as a dot at the left, each
 * generation a column, lines from each text to its imitations. A text with more imitations than drawn offers to open
 * the tree from there.
 */
export default function DrawnTree({ data, onOpen }: { data: ImitationTree; onOpen: (id: number) => void }) {
  const start: Datum = { root: true, id: data.rootId, children: nestNodes(data.rootId, data.nodes) };
  const laid = tree<Datum>().nodeSize([ROW, COL])(hierarchy<Datum>(start, (d) => d.children));
  const all = laid.descendants();
  const top = Math.min(...all.map((n) => n.x)) - CARD_H / 2;
  const bottom = Math.max(...all.map((n) => n.x)) + CARD_H / 2;
  const depth = Math.max(...all.map((n) => n.depth));
  const left = (n: HierarchyPointNode<Datum>) => (n.depth === 0 ? 0 : ROOT_W + (n.depth - 1) * COL);
  const width = ROOT_W + depth * COL;
  const height = bottom - top;
  return (
    <div className="itree-drawn" role="group" aria-label="仿写家族树的图">
      <div className="itree-drawn__canvas" style={{ width, height }}>
        <svg className="itree-drawn__links" width={width} height={height} aria-hidden="true">
          {laid.links().map((l) => {
            const x0 = l.source.depth === 0 ? 12 : left(l.source) + CARD_W;
            const x1 = left(l.target);
            const y0 = l.source.x - top;
            const y1 = l.target.x - top;
            const mid = (x0 + x1) / 2;
            return <path key={l.target.data.id} d={`M${x0},${y0} C${mid},${y0} ${mid},${y1} ${x1},${y1}`} />;
          })}
        </svg>
        <span className="itree-drawn__root" style={{ top: laid.x - top - 8 }} title="原文" />
        {all.map((n) => {
          const d = n.data;
          if (d.root) return null;
          const hidden = d.childTotal - d.children.length;
          return (
            <div
              key={d.id}
              className="itree-card"
              data-depth={d.depth}
              style={{ left: left(n), top: n.x - top - CARD_H / 2, width: CARD_W, height: CARD_H }}
            >
              <NodeText node={d} />
              <NodeMeta node={d} />
              {hidden > 0 ? (
                <button type="button" className="itree-card__more" onClick={() => onOpen(d.id)}>
                  {d.children.length ? `全部 ${d.childTotal} 篇仿写 ›` : `${d.childTotal} 篇仿写 ›`}
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
