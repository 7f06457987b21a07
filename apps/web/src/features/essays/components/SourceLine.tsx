import type { Essay } from '@shiju/contract';
import { creditName, creditOf, posterLine } from '@shiju/contract/credit';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { authorHref, userHref } from '../../../lib/links.js';

type Credited = Pick<Essay, 'workAuthor' | 'workTitle' | 'dynasty' | 'ownWork' | 'imported' | 'postedByEditor' | 'author'>;
const plain = (text: string): ReactNode => text;

/**
 * Who a text is credited to (contract creditOf): a quote's author linking to their page, with the era and the work
 * (李白〔唐〕《静夜思》), 佚名 for a quote without a name, or the writer of an original linking to theirs.
 */
export function CreditText({
  essay,
  withWork = true,
  renderText = plain,
}: {
  essay: Credited;
  withWork?: boolean;
  renderText?: (text: string) => ReactNode;
}) {
  const c = creditOf(essay);
  const name = creditName(c);
  const work = withWork && !c.original && essay.workTitle ? `《${essay.workTitle}》` : '';
  const who = c.original ? (
    <Link to={userHref(essay.author.id)} className="source-line__author">
      {renderText(name)}
    </Link>
  ) : c.named ? (
    <Link to={authorHref(c.author)} className="source-line__author" title={`${c.author}的全部作品`}>
      {renderText(name)}
    </Link>
  ) : (
    renderText(name)
  );
  return (
    <span className="credit" data-credit={c.author}>
      {who}
      {work ? renderText(work) : null}
    </span>
  );
}

/** A quote's poster in small type (收录 · 拾句编辑部, 分享 · 小林), linking to them; nothing for an original. */
export function PosterNote({ essay, className }: { essay: Credited; className?: string }) {
  const line = posterLine(creditOf(essay));
  if (!line) return null;
  return (
    <Link to={userHref(essay.author.id)} className={className ? `credit-poster ${className}` : 'credit-poster'}>
      {line}
    </Link>
  );
}

/** `—— 李白〔唐〕《静夜思》`: the credited author and work (see CreditText). */
export function SourceLine({
  essay,
  className,
  renderText,
}: {
  essay: Credited;
  className?: string;
  renderText?: (text: string) => ReactNode;
}) {
  return (
    <p className={className ? `source-line serif ${className}` : 'source-line serif'}>
      —— <CreditText essay={essay} renderText={renderText} />
    </p>
  );
}
