import type { Classification } from '@shiju/contract';
import { formatCount } from '../../lib/format.js';

export function Banner({ classification: c }: { classification: Classification }) {
  return (
    <header className="classify-banner" style={c.cover ? { backgroundImage: `url("${c.cover}")` } : undefined}>
      <div className="classify-banner__inner">
        <h1 className="classify-banner__name serif">{c.name}</h1>
        {c.description ? <p className="classify-banner__desc serif">{c.description}</p> : null}
        <p className="classify-banner__counts">
          <span>
            <strong>{formatCount(c.essayCount)}</strong> 篇作品
          </span>
          <span>
            <strong>{formatCount(c.tagCount)}</strong> 个标签
          </span>
        </p>
      </div>
    </header>
  );
}
