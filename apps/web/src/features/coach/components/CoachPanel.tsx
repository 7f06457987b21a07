/**
 * The 仿写 coach beside a draft (docs/coach.md): the original clause by clause over the writer's own, each clause with its
 * marks — 字数, 平仄 (a poem of 4 or 8 lines of 5 or 7 characters), 律 (粘对, 孤平, 三平尾, for a 近体 original), 韵 and
 * 对 — each with its reason on hover or tap, and the summary line. It advises; publishing never waits for it.
 *
 * The engine (`@shiju/contract/tones/coach` with the tone tables) is imported here, when the editor shows, never with
 * a reader's page. Counts, tones and rhymes run in the browser on every keystroke; 对仗 asks the server in the
 * background once typing has stopped for 800 ms, at most once every 2 s, and shows only while the check meets its
 * measured bar.
 */
import { COACH_LIMITS } from '@shiju/contract/core';
import type * as CoachEngine from '@shiju/contract/tones/coach';
import type { CoachChar, CoachClause, CoachMark } from '@shiju/contract/tones/coach';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Checkbox, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { coachQueries } from '../api/coach.js';
import { toneQueries } from '../../meter/index.js';
import { useQuietDraft } from './useQuietDraft.js';
import './coach.css';

type Engine = typeof CoachEngine;

const LABEL: Record<CoachMark['kind'], string> = { count: '字数', tone: '平仄', rule: '格律', rhyme: '押韵', parallel: '对仗' };
const GLYPH: Record<string, string> = { p: '平', z: '仄', u: '？' };

function toneGlyph(c: CoachChar) {
  return c.both ? '中' : GLYPH[c.tone];
}

function Mark({ mark }: { mark: CoachMark }) {
  return (
    <Tooltip title={mark.reason} trigger={['hover', 'click']}>
      <button
        type="button"
        className={`coach-mark coach-mark--${mark.ok ? 'ok' : 'off'}`}
        data-kind={mark.kind}
        data-ok={mark.ok}
        aria-label={`${LABEL[mark.kind]}${mark.ok ? '相符' : '不符'}：${mark.reason}`}
      >
        {LABEL[mark.kind]} {mark.ok ? '✓' : '✗'}
      </button>
    </Tooltip>
  );
}

function Line({ chars, match, who }: { chars: CoachChar[]; match?: (boolean | null)[]; who: string }) {
  if (chars.length === 0) return <span className="coach-line coach-line--empty">（还没写）</span>;
  return (
    <span className="coach-line serif" aria-label={`${who}：${chars.map((c) => c.ch).join('')}`}>
      {chars.map((c, i) => (
        <span key={i} className={`coach-ch${match?.[i] === false ? ' coach-ch--off' : ''}`} aria-hidden="true">
          <span className="coach-ch__tone">{toneGlyph(c)}</span>
          {c.ch}
        </span>
      ))}
    </span>
  );
}

function Clause({ clause, poem }: { clause: CoachClause; poem: boolean }) {
  const off = clause.marks.some((m) => !m.ok);
  return (
    <li className={`coach-clause${off ? ' coach-clause--off' : ''}`} data-index={clause.index}>
      <div className="coach-clause__text">
        <span className="coach-clause__who">原</span>
        <Line chars={poem ? clause.originalChars : clause.originalChars.map((c) => ({ ...c, tone: 'u', both: false }))} who="原文" />
      </div>
      <div className="coach-clause__text">
        <span className="coach-clause__who">仿</span>
        <Line chars={clause.draftChars} match={clause.toneMatch} who="仿写" />
      </div>
      <div className="coach-clause__marks">
        {clause.marks.map((m, i) => (
          <Mark key={i} mark={m} />
        ))}
      </div>
    </li>
  );
}

export interface CoachPanelProps {
  originalId: number;
  /** The original's plain text. */
  original: string;
  draft: string;
  /** The writer's choice to show the summary on the published imitation. */
  showScores: boolean;
  onShowScores: (show: boolean) => void;
}

export function CoachPanel({ originalId, original, draft, showScores, onShowScores }: CoachPanelProps) {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('@shiju/contract/tones/coach').then(
      (m) => live && setEngine(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const stored = useQuery(toneQueries.stored(originalId));
  const storedReady = stored.isSuccess || stored.isError;
  const prepared = useMemo(
    () => (engine && storedReady ? engine.prepareOriginal(original, stored.data?.tones ?? null) : null),
    [engine, storedReady, original, stored.data],
  );

  const quiet = useQuietDraft(draft, COACH_LIMITS.parallelIdleMs, COACH_LIMITS.parallelEveryMs);
  const parallel = useQuery({
    ...coachQueries.parallel(originalId, quiet.trim()),
    enabled: quiet.trim().length > 0,
    placeholderData: keepPreviousData,
  });
  const pairs = parallel.data?.shown && draft.trim() ? parallel.data.pairs : null;

  const report = useMemo(
    () => (engine && prepared ? engine.coachDraft(prepared, draft, { parallel: pairs }) : null),
    [engine, prepared, draft, pairs],
  );

  if (failed) return null;
  return (
    <section className="coach" aria-label="仿写教练">
      <div className="coach__head">
        <h3 className="coach__title">对照原文</h3>
        <p className="coach__summary" aria-live="polite">
          {report && draft.trim() ? engine!.summaryText(report.summary) : '边写边对照：字数、平仄、押韵、对仗'}
        </p>
      </div>
      <p className="coach__hint">
        {report?.summary.poem
          ? report.summary.regulated
            ? '原文是近体诗：还会看粘对、孤平、三平尾。'
            : '原文是古体诗：对照每个字的平仄和押韵。'
          : '按标点分句，对照每句字数。'}
        只作参考，不影响发布；点标记看原因。
      </p>
      {report ? (
        <ol className="coach__clauses">
          {report.clauses.map((c) => (
            <Clause key={c.index} clause={c} poem={report.summary.poem} />
          ))}
        </ol>
      ) : (
        <p className="coach__loading">正在准备对照…</p>
      )}
      <Checkbox checked={showScores} onChange={(e) => onShowScores(e.target.checked)} className="coach__share">
        发布后在作品页公开评分摘要（不勾选则只有自己能看到）
      </Checkbox>
    </section>
  );
}
