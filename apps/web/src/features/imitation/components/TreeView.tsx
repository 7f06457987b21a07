import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { IMITATION_TREE } from '@shiju/contract/core';
import type { ImitationTree } from '@shiju/contract';
import { essayQueries } from '../../essays/index.js';
import { Button } from '../../../components/ui/Button.js';
import { Spinner } from '../../../components/ui/Spinner.js';
import { nestNodes, type TreeItem } from './nest.js';
import { NodeMeta, NodeText } from './parts.js';
import './imitationTree.css';

/** The drawn tree (d3-hierarchy's layout) is a chunk of its own, loaded only on a wide screen. */
const DrawnTree = lazy(() => import('./DrawnTree.js'));

const WIDE = '(min-width: 768px)';

/** Whether the screen is wide enough for the drawn tree; follows the window as it is resized. */
function useWide(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia?.(WIDE).matches ?? true);
  useEffect(() => {
    const q = window.matchMedia?.(WIDE);
    if (!q) return;
    const change = () => setWide(q.matches);
    q.addEventListener('change', change);
    return () => q.removeEventListener('change', change);
  }, []);
  return wide;
}

function Pager({ data, onPage }: { data: ImitationTree; onPage: (n: number) => void }) {
  const pages = Math.ceil(data.total / data.pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="itree-pager" aria-label="仿写翻页">
      <Button size="small" disabled={data.pageNum <= 1} onClick={() => onPage(data.pageNum - 1)}>
        上一页
      </Button>
      <span>
        第 {data.pageNum} / {pages} 页
      </span>
      <Button size="small" disabled={data.pageNum >= pages} onClick={() => onPage(data.pageNum + 1)}>
        下一页
      </Button>
    </nav>
  );
}

/** A text's tree as asked from it, page `pageNum` of its imitations: in a list (phones, the rest of a branch). */
function ListFrom({ rootId, pageNum = 1 }: { rootId: number; pageNum?: number }) {
  const query = useQuery(essayQueries.imitationTree(rootId, pageNum));
  if (query.isPending) return <Spinner className="itree-loading" />;
  if (query.isError) return <p className="itree-note">仿写暂时加载不出来，请稍后再试。</p>;
  return (
    <Branch
      items={nestNodes(rootId, query.data.nodes)}
      parentId={rootId}
      shown={query.data.nodes.filter((n) => n.depth === 1).length}
      total={query.data.total}
      pageNum={pageNum}
    />
  );
}

/** Children of one text, and the way to the next page of them. */
function Branch({
  items,
  parentId,
  shown,
  total,
  pageNum,
}: {
  items: TreeItem[];
  parentId: number;
  shown: number;
  total: number;
  pageNum: number;
}) {
  const [more, setMore] = useState(false);
  const left = total - (pageNum - 1) * IMITATION_TREE.childrenPerPage - shown;
  return (
    <ul className="itree-list">
      {items.map((item) => (
        <ListNode key={item.id} item={item} />
      ))}
      {left > 0 ? (
        <li className="itree-list__more">
          {more ? (
            <ListFrom rootId={parentId} pageNum={pageNum + 1} />
          ) : (
            <Button type="link" size="small" onClick={() => setMore(true)}>
              再看 {left} 篇仿写
            </Button>
          )}
        </li>
      ) : null}
    </ul>
  );
}

function ListNode({ item }: { item: TreeItem }) {
  const [open, setOpen] = useState(item.depth === 1 && item.children.length > 0);
  const has = item.childTotal > 0;
  return (
    <li className="itree-item" data-depth={item.depth}>
      <div className="itree-node">
        {has ? (
          <button
            type="button"
            className="itree-toggle"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
            aria-label={open ? '收起仿写' : `展开 ${item.childTotal} 篇仿写`}
          >
            {open ? '−' : '+'}
          </button>
        ) : (
          <span className="itree-toggle itree-toggle--leaf" aria-hidden="true" />
        )}
        <div className="itree-node__body">
          <NodeText node={item} />
          <NodeMeta node={item} />
          {has && !open ? <span className="itree-node__count">{item.childTotal} 篇仿写</span> : null}
        </div>
      </div>
      {open && has ? (
        item.children.length ? (
          <Branch items={item.children} parentId={item.id} shown={item.children.length} total={item.childTotal} pageNum={1} />
        ) : (
          <ListFrom rootId={item.id} />
        )
      ) : null}
    </li>
  );
}

/** Over IMITATION_TREE.listOver texts: every imitation below, generation by generation, 20 a page. */
function FlatList({ data, onPage }: { data: ImitationTree; onPage: (n: number) => void }) {
  return (
    <>
      <p className="itree-note">这棵树超过 {IMITATION_TREE.listOver} 篇仿写，按代列出。</p>
      <ol className="itree-flat">
        {data.nodes.map((n) => (
          <li key={n.id} className="itree-node itree-node--flat">
            <span className="itree-gen">第 {n.depth} 代</span>
            <div className="itree-node__body">
              <NodeText node={n} />
              <NodeMeta node={n} />
            </div>
          </li>
        ))}
      </ol>
      <Pager data={data} onPage={onPage} />
    </>
  );
}

/**
 * The family tree below a text: a drawn tree on wide screens, a collapsible list on phones, a flat list when it is
 * too big for either. A drawn node with more imitations than it shows opens the tree from there.
 */
export default function TreeView({ rootId }: { rootId: number }) {
  const wide = useWide();
  const [trail, setTrail] = useState<number[]>([rootId]);
  const [pageNum, setPageNum] = useState(1);
  const from = trail[trail.length - 1]!;
  const query = useQuery(essayQueries.imitationTree(wide ? from : rootId, pageNum));
  if (query.isPending) return <Spinner className="itree-loading" />;
  if (query.isError) return <p className="itree-note">仿写暂时加载不出来，请稍后再试。</p>;
  const data = query.data;
  // The text's count may include imitations this reader cannot see (not published, or by someone they blocked).
  if (data.size === 0) return <p className="itree-note">暂时没有可以看到的仿写。</p>;
  const sizeText = `${data.size > IMITATION_TREE.listOver ? `${IMITATION_TREE.listOver}+` : data.size} 篇仿写，含仿写的仿写`;
  if (data.mode === 'list')
    return (
      <div className="itree-view">
        <p className="itree-summary">{sizeText}</p>
        <FlatList data={data} onPage={setPageNum} />
      </div>
    );
  if (!wide)
    return (
      <div className="itree-view itree-view--list">
        <p className="itree-summary">{sizeText}</p>
        <Branch
          items={nestNodes(rootId, data.nodes)}
          parentId={rootId}
          shown={data.nodes.filter((n) => n.depth === 1).length}
          total={data.total}
          pageNum={pageNum}
        />
      </div>
    );
  return (
    <div className="itree-view itree-view--drawn">
      <p className="itree-summary">
        {sizeText}
        {trail.length > 1 ? (
          <Button
            type="link"
            size="small"
            onClick={() => {
              setTrail(trail.slice(0, -1));
              setPageNum(1);
            }}
          >
            ← 回到上一层
          </Button>
        ) : null}
      </p>
      <Suspense fallback={<Spinner className="itree-loading" />}>
        <DrawnTree
          data={data}
          onOpen={(id) => {
            setTrail([...trail, id]);
            setPageNum(1);
          }}
        />
      </Suspense>
      <Pager data={data} onPage={setPageNum} />
    </div>
  );
}
