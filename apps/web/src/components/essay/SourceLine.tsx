import type { Essay } from '@shiju/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { authorHref } from './links.js';

type Quoted = Pick<Essay, 'source' | 'workAuthor' | 'author'>;
const plain = (text: string): ReactNode => text;

/**
 * The words of a source line: the quoted source (its author linking to their page, 李白《静夜思》), or the writer's
 * own name when the text has none.
 */
export function SourceText({ essay, renderText = plain }: { essay: Quoted; renderText?: (text: string) => ReactNode }) {
  const source = essay.source || essay.author.nickname;
  const who = essay.source ? essay.workAuthor : null;
  if (!who || !source.startsWith(who)) return <>{renderText(source)}</>;
  return (
    <>
      <Link to={authorHref(who)} className="source-line__author" title={`${who}的全部作品`}>
        {renderText(who)}
      </Link>
      {renderText(source.slice(who.length))}
    </>
  );
}

/** `—— 作者《出处》`: the quoted source, or the writer's own name when the text has none. */
export function SourceLine({
  essay,
  className,
  renderText,
}: {
  essay: Quoted;
  className?: string;
  renderText?: (text: string) => ReactNode;
}) {
  return (
    <p className={className ? `source-line serif ${className}` : 'source-line serif'}>
      —— <SourceText essay={essay} renderText={renderText} />
    </p>
  );
}
