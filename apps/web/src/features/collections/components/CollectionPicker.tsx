import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toastSuccess } from '../../../api/index.js';
import { collectionQueries, useCreateCollection, useSetEssayCollections } from '../api/collections.js';
import { Drawer } from '../../../components/ui/Drawer.js';
import { Button } from '../../../components/ui/Button.js';
import { Skeleton } from '../../../components/ui/Skeleton.js';
import { FolderForm } from './FolderForm.js';

interface Props {
  essayId: number;
  onClose: () => void;
  /** The text's 收藏 state and count after saving. */
  onSaved: (r: { collected: boolean; collects: number }) => void;
}

/** 收藏到…: which of the reader's 收藏夹 hold this text (none: not collected), and a new one on the spot. */
export function CollectionPicker({ essayId, onClose, onSaved }: Props) {
  const query = useQuery(collectionQueries.mine(essayId));
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [making, setMaking] = useState(false);
  const save = useSetEssayCollections({
    onSuccess: (r) => {
      onSaved(r);
      toastSuccess(r.collected ? '已保存到收藏夹' : '已取消收藏');
      onClose();
    },
  });
  const create = useCreateCollection({
    onSuccess: (f) => {
      setChosen((c) => new Set([...(c ?? query.data?.containing ?? []), f.id]));
      setMaking(false);
    },
  });
  const selected = chosen ?? new Set(query.data?.containing ?? []);
  const flip = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  return (
    <Drawer open onClose={onClose} label="收藏到收藏夹" head={<strong>收藏到…</strong>} className="collection-picker">
      {query.isPending ? (
        <Skeleton title={false} rows={4} />
      ) : query.data ? (
        <>
          <ul className="folder-picker">
            {query.data.list.map((f) => (
              <li key={f.id}>
                <label>
                  <input type="checkbox" checked={selected.has(f.id)} onChange={() => flip(f.id)} />
                  <span>{f.name}</span>
                  {f.isPublic ? null : <span className="folder-badge">私密</span>}
                  <span className="folder-picker__count">{f.itemCount} 篇</span>
                </label>
              </li>
            ))}
          </ul>
          {making ? (
            <FolderForm
              submitText="新建"
              busy={create.isPending}
              onSubmit={(v) => create.mutate({ body: v })}
              onCancel={() => setMaking(false)}
            />
          ) : (
            <div className="folder-card__actions">
              <Button type="primary" loading={save.isPending} onClick={() => save.mutate({ body: { essayId, folderIds: [...selected] } })}>
                保存
              </Button>
              <Button onClick={() => setMaking(true)}>新建收藏夹</Button>
            </div>
          )}
        </>
      ) : null}
    </Drawer>
  );
}
