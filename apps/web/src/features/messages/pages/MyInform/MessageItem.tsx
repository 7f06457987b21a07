import { NotificationOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { UserAvatar } from '../../../../components/UserAvatar.js';
import { formatRelativeTime } from '../../../../lib/format.js';
import type { Message, MessageType } from '../../api/messages.js';

/** Essays carry a title; sentences usually do not. The message has no type field for its text. */
function textWord(m: Message): string {
  return m.essay?.title ? '美文' : '句子';
}

function actionText(m: Message): string {
  if (m.type === 'like' && m.commentId) return '赞了你的评论';
  const what = textWord(m);
  const texts: Record<MessageType, string> = {
    like: `赞了你的${what}`,
    collect: `收藏了你的${what}`,
    comment: `评论了你的${what}`,
    reply: '回复了你',
    follow: '关注了你',
    imitate: `仿写了你的${what}`,
    system: '系统通知',
  };
  return texts[m.type];
}

/** Words people wrote (a comment, a reply, a system notice) are quoted; what they acted on is linked below. */
const QUOTES_CONTENT: ReadonlySet<MessageType> = new Set(['comment', 'reply', 'system']);

/** One notification: who, what happened, their words, the text it is about, when. */
export function MessageItem({ m }: { m: Message }) {
  const actorHref = m.actor ? `/othersInfor?id=${m.actor.id}` : null;
  const essayHref = m.essay ? `/bellesDetails?id=${m.essay.id}` : null;
  return (
    <article className={m.read ? 'message' : 'message is-unread'} data-type={m.type}>
      <div className="message__avatar">
        {m.actor && actorHref ? (
          <Link to={actorHref} tabIndex={-1} aria-hidden="true">
            <UserAvatar user={m.actor} size={40} />
          </Link>
        ) : (
          <span className="message__system-icon">
            <NotificationOutlined aria-hidden />
          </span>
        )}
      </div>
      <div className="message__body">
        <p className="message__line">
          {m.actor && actorHref ? (
            <Link to={actorHref} className="message__actor">
              {m.actor.nickname}
            </Link>
          ) : (
            <span className="message__actor">拾句</span>
          )}
          <span className="message__action">{actionText(m)}</span>
          {m.read ? null : <span className="message__new">新</span>}
          <time className="message__time" dateTime={m.createdAt}>
            {formatRelativeTime(m.createdAt)}
          </time>
        </p>
        {(QUOTES_CONTENT.has(m.type) || (m.type === 'like' && m.commentId)) && m.content ? (
          <p className="message__content serif">{m.content}</p>
        ) : null}
        {m.essay && essayHref ? (
          <Link to={essayHref} className="message__essay serif clamp">
            {m.essay.title ? <strong>《{m.essay.title}》</strong> : null}
            {m.essay.summary}
          </Link>
        ) : m.type !== 'follow' && m.type !== 'system' ? (
          <p className="message__essay message__essay--gone clamp">原作品已删除</p>
        ) : null}
      </div>
    </article>
  );
}
