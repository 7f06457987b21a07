import { useQuery } from '@tanstack/react-query';
import type { CollectionFolder, Essay } from '@shiju/contract';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { toastSuccess } from '../../../../api/index.js';
import {
  collectionQueries,
  useFollowCollection,
  useMoveCollectionItems,
  useRemoveCollectionItems,
  useReorderCollectionItem,
  useUnfollowCollection,
} from '../../api/collections.js';
import { usePagedList } from '../../../../api/define.js';
import { EditFolderDrawer } from '../../components/EditFolderDrawer.js';
import '../../components/collections.css';
import { EmptyState } from '../../../../components/EmptyState.js';
import { EssayCard, loadShareCardDialog } from '../../../essays/index.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { askSignIn } from '../../../people/index.js';
import { LinkButton } from '../../../../components/LinkButton.js';
import { useIdParam } from '../../../../hooks/useSearchParamChoice.js';
import { QueryState } from '../../../../components/QueryState.js';
import { ReportButton } from '../../../reports/index.js';
import { Button } from '../../../../components/ui/Button.js';
import { Skeleton } from '../../../../components/ui/Skeleton.js';
import { useSession } from '../../../../hooks/useSession.js';
import { useTitleName } from '../../../../lib/titleName.js';
import { COLLECTION_PAGE_SIZE } from './prefetch.js';

const ShareCardDialog = lazy(loadShareCardDialog);

function NotFound() {
  return (
    <EmptyState
      description="这个收藏夹不存在，或主人没有公开它"
      action={
        <LinkButton to="/home" size="small">
          去首页读读
        </LinkButton>
      }
    />
  );
}

/** Where a text stands in the loaded part of its folder, for moving it: the ids around it. */
interface Place {
  first: boolean;
  /** The text two above (null: the one above is first). */
  twoAbove: number | null;
  /** The text below, if one is loaded. */
  below: number | null;
}

/** The owner's tools on one text: 置顶 / 上移 / 下移, move or copy to another folder, take it out. */
function ItemTools({ folder, essay, place, mine }: { folder: CollectionFolder; essay: Essay; place: Place; mine: CollectionFolder[] }) {
  const [to, setTo] = useState<number | ''>('');
  const remove = useRemoveCollectionItems({ onSuccess: () => toastSuccess('已移出') });
  const move = useMoveCollectionItems({ onSuccess: (_r, v) => toastSuccess(v.body.copy ? '已复制' : '已移动') });
  const reorder = useReorderCollectionItem();
  const others = mine.filter((f) => f.id !== folder.id);
  const put = (afterEssayId: number | null) => reorder.mutate({ params: { id: folder.id }, body: { essayId: essay.id, afterEssayId } });
  return (
    <div className="collection-item__actions">
      {place.first ? null : (
        <>
          <Button size="small" type="text" disabled={reorder.isPending} onClick={() => put(null)}>
            置顶
          </Button>
          <Button size="small" type="text" disabled={reorder.isPending} onClick={() => put(place.twoAbove)}>
            上移
          </Button>
        </>
      )}
      {place.below !== null ? (
        <Button size="small" type="text" disabled={reorder.isPending} onClick={() => put(place.below)}>
          下移
        </Button>
      ) : null}
      <Button
        size="small"
        type="text"
        danger
        loading={remove.isPending}
        onClick={() => remove.mutate({ params: { id: folder.id }, body: { essayIds: [essay.id] } })}
      >
        移出
      </Button>
      {others.length ? (
        <span className="folder-move">
          <select aria-label="目标收藏夹" value={to} onChange={(e) => setTo(e.target.value ? Number(e.target.value) : '')}>
            <option value="">移到或复制到…</option>
            {others.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
          <Button
            size="small"
            disabled={to === ''}
            onClick={() => to !== '' && move.mutate({ params: { id: folder.id }, body: { essayIds: [essay.id], toId: to } })}
          >
            移动
          </Button>
          <Button
            size="small"
            disabled={to === ''}
            onClick={() => to !== '' && move.mutate({ params: { id: folder.id }, body: { essayIds: [essay.id], toId: to, copy: true } })}
          >
            复制
          </Button>
        </span>
      ) : null}
    </div>
  );
}

function FollowFolder({ folder }: { folder: CollectionFolder }) {
  const me = useSession();
  const follow = useFollowCollection({ onSuccess: () => toastSuccess('已关注，新收的作品会出现在“收藏夹更新”') });
  const unfollow = useUnfollowCollection({ onSuccess: () => toastSuccess('已取消关注') });
  if (me?.id === folder.owner.id) return null;
  if (folder.following)
    return (
      <Button loading={unfollow.isPending} onClick={() => unfollow.mutate({ params: { id: folder.id } })}>
        已关注
      </Button>
    );
  return (
    <Button
      type="primary"
      loading={follow.isPending}
      onClick={() => (me ? follow.mutate({ params: { id: folder.id } }) : askSignIn('关注收藏夹'))}
    >
      关注收藏夹
    </Button>
  );
}

function Head({ folder }: { folder: CollectionFolder }) {
  const me = useSession();
  const own = me?.id === folder.owner.id;
  const [sharing, setSharing] = useState(false);
  const [editing, setEditing] = useState(false);
  const url = typeof window === 'undefined' ? `/collection?id=${folder.id}` : `${window.location.origin}/collection?id=${folder.id}`;
  return (
    <header className="collection-head panel">
      {folder.cover ? <img className="collection-head__cover" src={folder.cover} alt="" /> : null}
      <h1 className="collection-head__title serif">{folder.name}</h1>
      <div className="collection-head__meta">
        <Link to={`/othersInfor?id=${folder.owner.id}`}>{folder.owner.nickname}</Link>
        <span>{folder.itemCount} 篇</span>
        <span>{folder.followerCount} 人关注</span>
        {folder.isPublic ? null : <span className="folder-badge">私密</span>}
        {folder.hidden ? <span className="folder-badge">已被编辑隐藏，他人看不到</span> : null}
      </div>
      {folder.description ? <p className="collection-head__desc">{folder.description}</p> : null}
      <div className="collection-head__actions">
        <FollowFolder folder={folder} />
        {folder.isPublic ? <Button onClick={() => setSharing(true)}>分享</Button> : null}
        {own ? <Button onClick={() => setEditing(true)}>编辑</Button> : null}
        {folder.isPublic ? (
          <a className="btn btn--text" href={`/feeds/collection-${folder.id}.rss`}>
            RSS
          </a>
        ) : null}
        {own ? null : <ReportButton targetType="collection" targetId={folder.id} />}
      </div>
      {editing ? <EditFolderDrawer folder={folder} onClose={() => setEditing(false)} /> : null}
      {sharing ? (
        <Suspense fallback={null}>
          <ShareCardDialog
            open
            onClose={() => setSharing(false)}
            fileName={`收藏夹-${folder.name}`}
            data={{
              text: folder.description || `收藏夹「${folder.name}」，共 ${folder.itemCount} 篇`,
              title: folder.name,
              source: `${folder.owner.nickname} 的收藏夹`,
              poster: null,
              watermark: null,
              url,
            }}
          />
        </Suspense>
      ) : null}
    </header>
  );
}

function Items({ folder }: { folder: CollectionFolder }) {
  const me = useSession();
  const own = me?.id === folder.owner.id;
  const query = usePagedList(collectionQueries.items(folder.id, COLLECTION_PAGE_SIZE));
  const mine = useQuery({ ...collectionQueries.mine(), enabled: own });
  const order = query.items.map((e) => e.id);
  return (
    <InfiniteList
      query={query}
      itemKey={(e) => e.id}
      renderItem={(e) => {
        const i = order.indexOf(e.id);
        return (
          <>
            <EssayCard essay={e} />
            {own ? (
              <ItemTools
                folder={folder}
                essay={e}
                place={{ first: i === 0, twoAbove: i > 1 ? order[i - 2]! : null, below: order[i + 1] ?? null }}
                mine={mine.data?.list ?? []}
              />
            ) : null}
          </>
        );
      }}
      empty={<EmptyState description={own ? '这个收藏夹还是空的。读到喜欢的作品，点“收藏到…”放进来' : '这个收藏夹还是空的'} />}
    />
  );
}

/** /collection?id=: a 收藏夹 — its head (follow, share, report) and its texts; the owner arranges them here. */
export default function Collection() {
  const id = useIdParam();
  const query = useQuery({ ...collectionQueries.one(id ?? 0), enabled: id !== null });
  useTitleName(id !== null ? query.data?.name : null);
  return (
    <div className="page page--reading collection-page">
      {id === null ? (
        <NotFound />
      ) : query.isPending ? (
        <Skeleton title="40%" rows={6} />
      ) : (
        <QueryState query={query} notFound={<NotFound />}>
          {(f) => (
            <>
              <Head folder={f} />
              <Items folder={f} />
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}
