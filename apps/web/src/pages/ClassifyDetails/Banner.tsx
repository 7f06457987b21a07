import type { Classification } from '@shiju/contract';
import { formatCount } from '../../lib/format.js';
import { WriteButton } from '../../shell/WriteButton.js';

/** The classification's name, description and counts; an empty one invites its first text instead of showing 0. */
export function Banner({ classification: c }: { classification: Classification }) {
  return (
    <header className="classify-banner" style={c.cover ? { backgroundImage: `url("${c.cover}")` } : undefined}>
      <div className="classify-banner__inner">
        <h1 className="classify-banner__name serif">{c.name}</h1>
        {c.description ? <p className="classify-banner__desc serif">{c.description}</p> : null}
        {c.essayCount > 0 ? (
          <p className="classify-banner__counts">
            <span>
              <strong>{formatCount(c.essayCount)}</strong> 篇作品
            </span>
            <span>
              <strong>{formatCount(c.tagCount)}</strong> 个标签
            </span>
          </p>
        ) : (
          <p className="classify-banner__counts classify-banner__empty">
            <span>这里还没有作品，等你来写第一篇。</span>
            <WriteButton classificationId={c.id} label="写下第一篇" />
          </p>
        )}
      </div>
    </header>
  );
}
