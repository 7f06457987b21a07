import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCreateComment } from '../api/comments.js';
import { UserAvatar } from '../../../components/UserAvatar.js';
import { Button } from '../../../components/ui/Button.js';
import { useSession } from '../../../hooks/useSession.js';
import { LIMITS } from '@shiju/contract/core';
import { charCount } from '../../../lib/limits.js';
import { signInPath } from '../../../lib/navigation.js';

interface Props {
  essayId: number;
  /** The comment being answered. */
  parentId?: number;
  placeholder?: string;
  autoFocus?: boolean;
  onPosted?: () => void;
  onCancel?: () => void;
}

/** Write a comment or a reply (plain text, at most 500 characters, counted as you type). */
export function CommentBox({ essayId, parentId, placeholder = '写下你的想法…', autoFocus, onPosted, onCancel }: Props) {
  const user = useSession();
  const location = useLocation();
  const [text, setText] = useState('');
  const create = useCreateComment({
    onSuccess: () => {
      setText('');
      onPosted?.();
    },
  });
  const field = useRef<HTMLTextAreaElement>(null);
  const countId = `comment-count-${parentId ?? essayId}`;
  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);
  if (!user) {
    return (
      <p className="comment-box comment-box--visitor">
        <Link to={signInPath(location.pathname + location.search)}>登录</Link> 后参与评论
      </p>
    );
  }
  const length = charCount(text.trim());
  return (
    <div className={parentId ? 'comment-box comment-box--reply' : 'comment-box'}>
      {parentId ? null : <UserAvatar user={user} size={36} />}
      <div className="comment-box__main">
        <div className="textarea">
          <textarea
            ref={field}
            className="textarea__field"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={placeholder}
            rows={parentId ? 2 : 3}
            aria-label={parentId ? '回复内容' : '评论内容'}
            aria-describedby={countId}
          />
          <span id={countId} className={length > LIMITS.commentChars ? 'textarea__count is-over' : 'textarea__count'}>
            {charCount(text)} / {LIMITS.commentChars}
          </span>
        </div>
        <div className="comment-box__actions">
          {onCancel ? (
            <Button size="small" type="text" onClick={onCancel}>
              取消
            </Button>
          ) : null}
          <Button
            type="primary"
            size={parentId ? 'small' : 'middle'}
            loading={create.isPending}
            disabled={length === 0 || length > LIMITS.commentChars}
            // On failure the request layer shows why and the text stays.
            onClick={() => create.mutate({ body: { essayId, content: text.trim(), parentId } })}
          >
            {parentId ? '回复' : '发表评论'}
          </Button>
        </div>
      </div>
    </div>
  );
}
