import type { Classification } from '@shiju/contract';
import { formatCount } from '../../../../lib/format.js';
import { MuteButton } from '../../../mutes/index.js';
import { WriteButton } from '../../../essays/index.js';

/**
 * The classification's name, description and counts; an empty one says it has no texts yet and offers one way to
 * write the first (instead of showing 0).
 */
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
            <span className="classify-banner__mute">
              <MuteButton size="small" target={{ kind: 'classification', targetId: c.id, label: c.name }} />
            </span>
          </p>
        ) : (
          <p className="classify-banner__counts classify-banner__empty">
            <span>这个分类还没有作品。</span>
            <WriteButton classificationId={c.id} label="写第一句" />
          </p>
        )}
      </div>
    </header>
  );
}
