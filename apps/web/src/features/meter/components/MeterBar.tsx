/**
 * 格律 on a classical text's page: a switch in the reading toolbar (features/reading's `tools`) that, when turned on, loads the tone engine (`@shiju/contract/tones`, its
 * own chunk with its tables) and the text's stored 平仄, and draws the tones over every character of the text
 * (markTones.ts), with a legend and, for screen readers, the tones clause by clause. The toggle is drawn by the server
 * too, so the page does not move when the app takes it over; nothing loads until a reader asks.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isPremodern } from '@shiju/contract/credit';
import type * as Tones from '@shiju/contract/tones';
import { toneQueries } from '../api/tones.js';
import { lineSummaries, markTones, unmarkTones, type LineSummary } from './markTones.js';

type Engine = typeof Tones;

/** A change to the text that only puts 拼音 over it or takes it off (features/reading/components/ruby.ts). */
const onlyPinyin = (r: MutationRecord) =>
  Array.from(r.addedNodes).every((n) =>
    n instanceof Element ? n.classList.contains('py-run') : n.parentElement?.classList.contains('meter-ch') === true,
  );

/** The collections of 词 and 曲 (import/catalog.ts). */
const CI_TAGS = new Set(['宋词', '五代词', '清词', '元曲']);

/** Where the text is drawn on the page (features/text/pages/BellesDetails/DetailsText). */
const TEXT_SELECTOR = '.details-text__body, .details-text__sentence';

interface Drawn {
  lines: LineSummary[];
  form: 'shi' | 'other';
  stored: boolean;
  groups: string[];
}

export function MeterBar({ essay }: { essay: { id: number; dynasty: string | null; status: string; tags?: readonly { name: string }[] } }) {
  const [on, setOn] = useState(false);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const bar = useRef<HTMLSpanElement>(null);
  const published = essay.status === 'published';
  const stored = useQuery({ ...toneQueries.stored(essay.id), enabled: on && published });

  useEffect(() => {
    if (!on || engine) return;
    let live = true;
    import('@shiju/contract/tones').then(
      (m) => live && setEngine(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [on, engine]);

  const storedReady = !published || stored.isSuccess || stored.isError;
  const tones = stored.data?.tones ?? null;
  // 词 and 曲 (their collections' tags: 宋词, 五代词, 清词, 元曲) get each character's tone, no rhymes.
  const tonesOnly = essay.tags?.some((t) => CI_TAGS.has(t.name)) ?? false;
  useEffect(() => {
    if (!on || !engine || !storedReady) return;
    const target = bar.current?.closest('.details__main')?.querySelector<HTMLElement>(TEXT_SELECTOR);
    if (!target) return;
    // The text is redrawn under us when its notes arrive: draw the marks again on the new nodes. 拼音 wrapping the
    // characters in ruby (features/reading) is not a new text.
    const observer = new MutationObserver((records) => {
      if (!records.every(onlyPinyin)) draw();
    });
    function draw() {
      observer.disconnect();
      const { text, reading } = markTones(target!, engine!, tones, { tonesOnly });
      setDrawn({
        lines: lineSummaries(text, reading),
        form: reading.form,
        stored: reading.chars.some((c) => c.source === 'stored'),
        groups: [...new Set(reading.chars.filter((c) => c.rhyme && c.group).map((c) => c.group!))],
      });
      observer.observe(target!, { childList: true, subtree: true, characterData: true });
    }
    draw();
    return () => {
      observer.disconnect();
      unmarkTones(target);
    };
  }, [on, engine, storedReady, tones, tonesOnly]);

  if (!isPremodern(essay.dynasty)) return null;
  const loading = on && !drawn && !failed;
  return (
    <span className="meter-bar" ref={bar}>
      <button
        type="button"
        className="reading-toolbar__toggle meter-toggle"
        aria-pressed={on}
        aria-busy={loading}
        onClick={() => {
          setOn(!on);
          if (on) setDrawn(null);
        }}
      >
        格律
      </button>
      {failed ? <span className="meter-bar__note">格律加载失败，请稍后再试</span> : null}
      {on && drawn ? (
        <>
          <ul className="meter-legend" aria-label="格律图例">
            <li>
              <span className="meter-key meter-key--p">平</span>平声
            </li>
            <li>
              <span className="meter-key meter-key--z">仄</span>仄声
            </li>
            <li>
              <span className="meter-key meter-key--both">中</span>可平可仄
            </li>
            <li>
              <span className="meter-key meter-key--u">？</span>不详
            </li>
            {drawn.form === 'shi' ? (
              <li>
                <span className="meter-key meter-key--rhyme">韵</span>
                韵脚{drawn.groups.length > 0 ? `（新韵·${drawn.groups.join('、')}）` : ''}
              </li>
            ) : null}
          </ul>
          <p className="meter-bar__note">
            {drawn.stored ? '平仄取自《全唐诗》《全宋诗》存录的标注' : '平仄由声调表推算，仅供参考'}
            {drawn.form === 'shi' ? '' : tonesOnly ? '；词曲只标每字平仄' : '；非齐言诗只标每字平仄'}
          </p>
          <ol className="sr-only" aria-label="逐句平仄">
            {drawn.lines.map((l, i) => (
              <li key={i}>
                {l.text}：{l.tones}
                {l.rhymes.length > 0 ? `，韵脚${l.rhymes.join('、')}` : ''}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </span>
  );
}
