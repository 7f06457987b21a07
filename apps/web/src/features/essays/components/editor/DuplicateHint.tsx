import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { essayQueries } from '../../api/essays.js';
import { useDebounced } from '../../../../hooks/useDebounced.js';
import { essayHref } from '../../../../lib/links.js';

/** Pause in typing before the words are checked against the library. */
const CHECK_DEBOUNCE_MS = 600;
/** Fewer Han characters than this say nothing yet (the server's CONTAIN_MIN). */
const MIN_HAN = 5;

const hanCount = (text: string) => (text.match(/\p{Script=Han}/gu) ?? []).length;

/**
 * "这段文字已收录：《…》" while writing: the words (a sentence, or a 美文's HTML) checked against the published
 * library after a pause in typing. A hint: the writer may still post a variation or an imitation.
 */
export function DuplicateHint({ type, content, excludeId }: { type: 'sentence' | 'essay'; content: string; excludeId?: number }) {
  const words = useDebounced(content.trim(), CHECK_DEBOUNCE_MS);
  const enabled = hanCount(type === 'essay' ? words.replace(/<[^>]*>/g, '') : words) >= MIN_HAN;
  const check = useQuery({ ...essayQueries.duplicates({ type, content: words, excludeId }), enabled });
  const matches = enabled ? (check.data?.matches ?? []) : [];
  if (matches.length === 0) return null;
  const first = matches[0]!;
  return (
    <Alert
      type="info"
      showIcon
      className="composer__duplicate"
      role="status"
      title={
        <>
          这段文字已收录：<Link to={essayHref(first.id)}>《{first.title ?? first.summary}》</Link>
          {first.source ? <span className="composer__duplicate-source"> {first.source}</span> : null}
        </>
      }
      description={
        <>
          {matches.length > 1 ? (
            <span>
              另见
              {matches.slice(1).map((m) => (
                <Link key={m.id} to={essayHref(m.id)}>
                  《{m.title ?? m.summary}》
                </Link>
              ))}
              。
            </span>
          ) : null}
          {first.kind === 'exact' ? '完全相同的文字不能重复发布；' : ''}可以仿写或写出自己的变化，发布后会和原文相互关联。
        </>
      }
    />
  );
}
