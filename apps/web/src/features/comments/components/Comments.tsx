import type { Comment } from '@shiju/contract';
import { canDeleteComment } from '@shiju/contract/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { toastSuccess } from '../../../api/index.js';
import { confirmDialog } from '../../../components/ConfirmDialog/index.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ReportButton } from '../../reports/index.js';
import { ListSkeleton } from '../../../components/InfiniteList.js';
import { type Details } from '../../essays/index.js';
import { userHref } from '../../../lib/links.js';
import { UserAvatar } from '../../../components/UserAvatar.js';
import { Button } from '../../../components/ui/Button.js';
import { Segmented } from '../../../components/ui/Segmented.js';
import { useSession } from '../../../hooks/useSession.js';
import { formatCount } from '../../../lib/format.js';
import { RelativeTime } from '../../../components/RelativeTime.js';
import { CommentBox } from './CommentBox.js';
import { CommentLike } from './CommentLike.js';
import { commentQueries, useDeleteComment } from '../api/comments.js';
import { usePagedList } from '../../../api/define.js';

type Sort = 'hot' | 'new';
/** Comments open sorted by 最热. */
export const FIRST_SORT: Sort = 'hot';
type Reply = Omit<Comment, 'replies' | 'replyCount'>;

const SORTS: Array<{ value: Sort; label: string }> = [
  { value: 'hot', label: '最热' },
  { value: 'new', label: '最新' },
];
export const COMMENTS_PAGE_SIZE = 10;
const PAGE_SIZE = COMMENTS_PAGE_SIZE;
const REPLY_PAGE_SIZE = 20;

/** What the thread needs from the section: the text (who may delete) and who is being answered. */
interface Thread {
  essay: Details;
  replyingTo: number | null;
  setReplyingTo: (id: number | null) => void;
}

function useThreadActions(thread: Thread) {
  const user = useSession();
  const deleteComment = useDeleteComment({ onSuccess: () => toastSuccess('评论已删除') });
  const canDelete = (c: Reply) => canDeleteComment(user, c.user.id, thread.essay.author.id);
  const remove = async (c: Reply, replies: number) => {
    const action = await confirmDialog({
      title: '删除这条评论？',
      content: replies > 0 ? '它下面的回复也会一起删除。' : undefined,
      okText: '删除',
      cancelText: '取消',
      danger: true,
    });
    if (action === 'confirm') deleteComment.mutate({ id: c.id, essayId: thread.essay.id, replies });
  };
  return { canDelete, remove };
}

/** One comment or reply: who, when, the text (as text), 赞, 回复, 删除 and 举报, and the reply box when answering it. */
function CommentBody({ c, thread, replies = 0, small }: { c: Reply; thread: Thread; replies?: number; small?: boolean }) {
  const user = useSession();
  const { canDelete, remove } = useThreadActions(thread);
  const answering = thread.replyingTo === c.id;
  return (
    <div className={small ? 'comment comment--reply' : 'comment'} data-comment-id={c.id}>
      <Link to={userHref(c.user.id)} className="comment__avatar">
        <UserAvatar user={c.user} size={small ? 28 : 36} />
      </Link>
      <div className="comment__main">
        <div className="comment__head">
          <Link to={userHref(c.user.id)} className="comment__name">
            {c.user.nickname}
          </Link>
          {small && c.replyToUser ? (
            <span className="comment__to">
              回复 <Link to={userHref(c.replyToUser.id)}>@{c.replyToUser.nickname}</Link>
            </span>
          ) : null}
        </div>
        <p className="comment__text">{c.content}</p>
        <div className="comment__foot">
          <RelativeTime value={c.createdAt} />
          <CommentLike key={`${c.id}:${c.likes}:${String(c.liked)}`} id={c.id} liked={c.liked} likes={c.likes} />
          <button type="button" className="link-button" onClick={() => thread.setReplyingTo(answering ? null : c.id)}>
            {answering ? '收起' : '回复'}
          </button>
          {canDelete(c) ? (
            <button type="button" className="link-button link-button--danger" onClick={() => void remove(c, replies)}>
              删除
            </button>
          ) : null}
          {c.user.id !== user?.id ? (
            <ReportButton targetType="comment" targetId={c.id}>
              举报
            </ReportButton>
          ) : null}
        </div>
        {answering ? (
          <CommentBox
            essayId={thread.essay.id}
            parentId={c.id}
            placeholder={`回复 @${c.user.nickname}`}
            autoFocus
            onCancel={() => thread.setReplyingTo(null)}
            onPosted={() => thread.setReplyingTo(null)}
          />
        ) : null}
      </div>
    </div>
  );
}

/** Every reply of a first-level comment, page by page (comment/children/page). */
function AllReplies({ rootId, thread }: { rootId: number; thread: Thread }) {
  const list = usePagedList(commentQueries.replies(rootId, REPLY_PAGE_SIZE));
  if (list.isPending) return <ListSkeleton count={1} />;
  return (
    <>
      {list.items.map((r) => (
        <CommentBody key={r.id} c={r} thread={thread} small />
      ))}
      {list.hasNextPage ? (
        <Button type="link" size="small" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          加载更多回复
        </Button>
      ) : null}
    </>
  );
}

/** A first-level comment with its newest three replies and 查看全部 N 条回复. */
function RootComment({ c, thread }: { c: Comment; thread: Thread }) {
  const [expanded, setExpanded] = useState(false);
  const replies = c.replies ?? [];
  const count = c.replyCount ?? replies.length;
  return (
    <li className="comment-thread">
      <CommentBody c={c} thread={thread} replies={count} />
      {count > 0 ? (
        <div className="comment-thread__replies">
          {expanded ? (
            <AllReplies rootId={c.id} thread={thread} />
          ) : (
            replies.map((r) => <CommentBody key={r.id} c={r} thread={thread} small />)
          )}
          {!expanded && count > replies.length ? (
            <button type="button" className="link-button comment-thread__more" onClick={() => setExpanded(true)}>
              查看全部 {count} 条回复
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Comments of a text: sort 最热 / 最新, the box, first-level comments with their replies, more on demand. */
export function Comments({ essay }: { essay: Details }) {
  const [sort, setSort] = useState<Sort>(FIRST_SORT);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const list = usePagedList(commentQueries.ofEssay(essay.id, sort, PAGE_SIZE));

  const thread: Thread = { essay, replyingTo, setReplyingTo };

  return (
    <section className="comments" id="comments" aria-label="评论">
      <header className="comments__head">
        <h2 className="details-section__title">
          评论 <span className="comments__count">{formatCount(essay.comments)}</span>
        </h2>
        <Segmented<Sort> options={SORTS} value={sort} onChange={setSort} aria-label="评论排序" />
      </header>
      <CommentBox essayId={essay.id} />
      {list.isPending ? (
        <ListSkeleton count={2} />
      ) : list.items.length === 0 ? (
        <EmptyState compact description={list.error ? '评论加载失败' : '还没有评论，来说第一句吧'} />
      ) : (
        <>
          <ul className="comments__list">
            {list.items.map((c) => (
              <RootComment key={c.id} c={c} thread={thread} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="comments__more">
              <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                加载更多评论
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
