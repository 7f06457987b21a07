import { useQuery } from '@tanstack/react-query';
import type { CollectionFolder } from '@shiju/contract';
import { useState } from 'react';
import { toastSuccess } from '../../../api/index.js';
import { collectionQueries, useCreateCollection, useDeleteCollection, useReorderCollections } from '../api/collections.js';
import { usePagedList } from '../../../api/define.js';
import { confirmDialog } from '../../../components/ConfirmDialog/index.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { EssayCard } from '../../essays/index.js';
import { InfiniteList } from '../../../components/InfiniteList.js';
import { QueryState } from '../../../components/QueryState.js';
import { Button } from '../../../components/ui/Button.js';
import { Drawer } from '../../../components/ui/Drawer.js';
import { Icon } from '../../../components/ui/Icon.js';
import { PlusOutlined } from '../../../components/ui/icons.js';
import { Link } from 'react-router';
import { EditFolderDrawer } from './EditFolderDrawer.js';
import { FolderForm } from './FolderForm.js';
import { collectionHref, FolderGrid } from './FolderGrid.js';
import './collections.css';

/** 收藏夹更新: what the 收藏夹 the reader follows took in lately. */
function FollowedUpdates() {
  const query = usePagedList(collectionQueries.updates(10));
  return (
    <section className="my-collections__updates" aria-label="收藏夹更新">
      <h3>收藏夹更新</h3>
      <InfiniteList
        query={query}
        itemKey={(u) => `${u.folder.id}-${u.essay.id}`}
        renderItem={(u) => (
          <EssayCard
            essay={u.essay}
            badge={
              <span>
                收入了 <Link to={collectionHref(u.folder.id)}>{u.folder.name}</Link>（{u.folder.owner.nickname}）
              </span>
            }
          />
        )}
        empty={<EmptyState compact description="关注别人的公开收藏夹后，它们新收的作品会出现在这里" />}
      />
    </section>
  );
}

/** /space?tab=collects: the reader's 收藏夹 (make, edit, delete) and 收藏夹更新. */
export function MyCollections() {
  const query = useQuery(collectionQueries.mine());
  const [making, setMaking] = useState(false);
  const [editing, setEditing] = useState<CollectionFolder | null>(null);
  const create = useCreateCollection({
    onSuccess: () => {
      setMaking(false);
      toastSuccess('收藏夹已建好');
    },
  });
  const remove = useDeleteCollection({ onSuccess: () => toastSuccess('收藏夹已删除') });
  const reorder = useReorderCollections();
  // The default folder stays first; the others move one place either way.
  const others = (query.data?.list ?? []).filter((f) => !f.isDefault).map((f) => f.id);
  const move = (id: number, by: -1 | 1) => {
    const i = others.indexOf(id);
    const j = i + by;
    if (i < 0 || j < 0 || j >= others.length) return;
    const ids = [...others];
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    reorder.mutate({ body: { ids } });
  };
  const ask = async (f: CollectionFolder) => {
    const action = await confirmDialog({
      title: `删除收藏夹“${f.name}”？`,
      content: '收藏夹里的作品若也在其他收藏夹中，会继续留在那里。',
      okText: '删除',
      cancelText: '再想想',
      danger: true,
    });
    if (action === 'confirm') remove.mutate({ params: { id: f.id } });
  };
  return (
    <div className="my-collections">
      <div className="my-collections__bar">
        <span>{query.data ? `共 ${query.data.list.length} 个收藏夹` : null}</span>
        <Button type="primary" icon={<Icon icon={PlusOutlined} />} onClick={() => setMaking(true)}>
          新建收藏夹
        </Button>
      </div>
      <QueryState query={query}>
        {(d) => (
          <FolderGrid
            folders={d.list}
            actions={(f) => (
              <>
                <Button size="small" onClick={() => setEditing(f)}>
                  编辑
                </Button>
                {others.indexOf(f.id) > 0 ? (
                  <Button size="small" disabled={reorder.isPending} onClick={() => move(f.id, -1)}>
                    前移
                  </Button>
                ) : null}
                {others.indexOf(f.id) >= 0 && others.indexOf(f.id) < others.length - 1 ? (
                  <Button size="small" disabled={reorder.isPending} onClick={() => move(f.id, 1)}>
                    后移
                  </Button>
                ) : null}
                {f.isDefault ? null : (
                  <Button size="small" danger onClick={() => void ask(f)}>
                    删除
                  </Button>
                )}
              </>
            )}
          />
        )}
      </QueryState>
      <Drawer open={making} onClose={() => setMaking(false)} label="新建收藏夹" head={<strong>新建收藏夹</strong>}>
        <FolderForm
          submitText="新建"
          busy={create.isPending}
          onSubmit={(v) => create.mutate({ body: v })}
          onCancel={() => setMaking(false)}
        />
      </Drawer>
      {editing ? <EditFolderDrawer folder={editing} onClose={() => setEditing(null)} /> : null}
      <FollowedUpdates />
    </div>
  );
}
