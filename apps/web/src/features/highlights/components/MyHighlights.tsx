import { Input } from 'antd';
import { useMemo, useState } from 'react';
import type { MyHighlight } from '@shiju/contract';
import { usePagedList } from '../../../api/define.js';
import { highlightQueries } from '../api/highlights.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { essayHref } from '../../../lib/links.js';
import { InfiniteList } from '../../../components/InfiniteList.js';
import { LinkButton } from '../../../components/LinkButton.js';
import { RelativeTime } from '../../../components/RelativeTime.js';
import { Segmented } from '../../../components/ui/Segmented.js';
import { Link } from 'react-router';
import './highlights.css';

const PAGE_SIZE = 20;
type Order = 'date' | 'text';
const ORDERS: { value: Order; label: string }[] = [
  { value: 'date', label: '按时间' },
  { value: 'text', label: '按作品' },
];

const titleOf = (h: MyHighlight) => h.essay.title ?? (h.essay.workAuthor ? `${h.essay.workAuthor}的句子` : h.essay.summary.slice(0, 16));
const dayOf = (iso: string) => new Date(iso).toLocaleDateString('zh-CN', { year: 'numeric', month: 'long', day: 'numeric' });

/** 我的划线 on /space: every passage the reader marked, by date or grouped by text, searchable by title, author or words. */
export function MyHighlights() {
  const [order, setOrder] = useState<Order>('date');
  const [q, setQ] = useState('');
  const query = usePagedList(highlightQueries.mine(PAGE_SIZE, order, q));
  // The first item of each group (a text, or a day) carries the group's heading.
  const heads = useMemo(() => {
    const out = new Map<number, string>();
    let last = '';
    for (const h of query.items) {
      const key = order === 'text' ? `t${h.essay.id}` : dayOf(h.createdAt);
      if (key !== last) out.set(h.id, order === 'text' ? titleOf(h) : key);
      last = key;
    }
    return out;
  }, [query.items, order]);
  return (
    <div className="my-highlights">
      <div className="my-highlights__bar">
        <Segmented aria-label="排列方式" options={ORDERS} value={order} onChange={setOrder} />
        <Input.Search
          className="my-highlights__search"
          placeholder="搜索作品、作者或划线文字"
          allowClear
          maxLength={50}
          onSearch={(v) => setQ(v.trim())}
          aria-label="搜索我的划线"
        />
      </div>
      <InfiniteList
        query={query}
        itemKey={(h) => h.id}
        renderItem={(h) => (
          <div>
            {heads.has(h.id) ? (
              <h3 className="my-highlights__group">
                {order === 'text' ? <Link to={essayHref(h.essay.id)}>{heads.get(h.id)}</Link> : heads.get(h.id)}
              </h3>
            ) : null}
            <div className="hl-panel__item">
              <p className="hl-panel__quote serif">{h.quote}</p>
              {h.thought ? <p className="hl-panel__thought">{h.thought}</p> : null}
              <div className="hl-panel__meta">
                {order === 'date' ? <Link to={essayHref(h.essay.id)}>《{titleOf(h)}》</Link> : null}
                <RelativeTime value={h.createdAt} />
                {h.thought ? <span>{h.thoughtPublic ? '公开想法' : '私密想法'}</span> : null}
                {h.anchorLost ? <span>原文已修改</span> : null}
              </div>
            </div>
          </div>
        )}
        empty={
          q ? (
            <EmptyState description={`没有找到与“${q}”有关的划线`} />
          ) : (
            <EmptyState
              description="还没有划线。读到喜欢的句子，选中它点“划线”，它就会收在这里"
              action={
                <LinkButton to="/home" size="small">
                  去首页读读
                </LinkButton>
              }
            />
          )
        }
      />
    </div>
  );
}
