import type { Essay } from '@shiju/contract';
import type { ReactNode } from 'react';

/** `—— 作者《出处》`: the quoted source, or the writer's own name when the text has none. */
export function SourceLine({
  essay,
  className,
  renderText = (t) => t,
}: {
  essay: Pick<Essay, 'source' | 'author'>;
  className?: string;
  renderText?: (text: string) => ReactNode;
}) {
  return (
    <p className={className ? `source-line serif ${className}` : 'source-line serif'}>
      —— {renderText(essay.source || essay.author.nickname)}
    </p>
  );
}
