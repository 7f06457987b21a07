import type { Essay } from '@shiju/contract';

/** `—— 作者《出处》`: the quoted source, or the writer's own name when the text has none. */
export function SourceLine({ essay, className }: { essay: Pick<Essay, 'source' | 'author'>; className?: string }) {
  return <p className={className ? `source-line serif ${className}` : 'source-line serif'}>—— {essay.source || essay.author.nickname}</p>;
}
