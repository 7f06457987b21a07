import { MUTE_KIND_LABELS, MUTE_LIMIT } from '@shiju/contract/core';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { Link } from 'react-router';
import { toastSuccess } from '../../../../api/index.js';
import { muteQueries, useUnmute } from '../../../mutes/index.js';
import type { Mute } from '@shiju/contract';
import '../../../mutes/components/mutes.css';

/** Where a muted thing lives on the site, when it has a page. */
function hrefOf(m: Mute): string | null {
  switch (m.kind) {
    case 'user':
      return `/othersInfor?id=${m.targetId}`;
    case 'author':
      return `/author?name=${encodeURIComponent(m.name)}`;
    case 'classification':
      return `/classifyDetails?id=${m.targetId}`;
    case 'tag':
      return null;
  }
}

/** 屏蔽 in 设置: what the reader muted, newest first, each with 取消屏蔽. */
export function MutedList() {
  const query = useQuery(muteQueries.mine());
  const unmute = useUnmute();
  const busy = unmute.isPending ? unmute.variables.params.id : null;
  const list = query.data?.list ?? [];
  if (query.isPending) return <p className="settings-block__lead">加载中…</p>;
  if (!list.length)
    return <p className="settings-block__lead">还没有屏蔽任何内容。在作品卡片的「⋯」菜单、标签、分类、作者或用户页上都可以屏蔽。</p>;
  return (
    <>
      <p className="settings-block__lead">
        已屏蔽 {list.length} 项（最多 {MUTE_LIMIT} 项）。
      </p>
      <ul className="mute-list" aria-label="已屏蔽">
        {list.map((m) => {
          const href = hrefOf(m);
          return (
            <li key={m.id} className="mute-list__row">
              <span className="mute-list__kind">{MUTE_KIND_LABELS[m.kind]}</span>
              <span className="mute-list__name">{href ? <Link to={href}>{m.name}</Link> : m.name}</span>
              <Button
                size="small"
                loading={busy === m.id}
                onClick={() =>
                  unmute.mutate(
                    { params: { id: m.id } },
                    { onSuccess: () => toastSuccess(`已取消屏蔽${MUTE_KIND_LABELS[m.kind]}「${m.name}」`) },
                  )
                }
              >
                取消屏蔽
              </Button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
