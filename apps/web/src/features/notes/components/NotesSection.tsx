import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Note } from '@shiju/contract';
import { plainOf, sliceCp } from '@shiju/contract/anchors';
import { useSession } from '../../../hooks/useSession.js';
import { useEnsureSignedIn } from '../../../components/useEnsureSignedIn.js';
import { Button } from '../../../components/ui/Button.js';
import { Segmented } from '../../../components/ui/Segmented.js';
import { placed, type TranslationMode } from './marks.js';
import { NoteCredit } from './NoteCredit.js';
import { selectionIn, type Chosen } from './selection.js';
import type { NotesView } from './useNotesView.js';

const ProposeNoteDialog = lazy(() => import('./ProposeNoteDialog.js'));

const MODES: { value: TranslationMode; label: string }[] = [
  { value: 'line', label: '逐句' },
  { value: 'block', label: '整段' },
];

const byPlace = (a: Note, b: Note) => (a.start ?? Infinity) - (b.start ?? Infinity) || a.id - b.id;

function Html({ html, className }: { html: string; className?: string }) {
  // Sanitised on the server: plain text with only <em> and <ruby>.
  return <span className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The text element a selection is read in (the sentence or the essay's body). */
const textRoot = () => document.querySelector<HTMLElement>('.notes-layer .details-text__body, .notes-layer .details-text__sentence');

/**
 * Below the text: the numbered 注释 (for print and crawlers, the same as the underlines), 译文 by line or as a block,
 * 赏析, 评 and 异文 with their credits, and for signed-in readers a way to propose a note on the passage they chose.
 */
export function NotesSection({ essay, view }: { essay: { id: number; type: 'sentence' | 'essay'; content: string }; view: NotesView }) {
  const { notes, mode, setMode } = view;
  const user = useSession();
  const ensureSignedIn = useEnsureSignedIn();
  const [proposing, setProposing] = useState<Chosen | null | false>(false);
  const chosen = useRef<Chosen | null>(null);

  // The last passage chosen in the text (a tap on the button may clear the selection on a phone).
  useEffect(() => {
    const onChange = () => {
      const root = textRoot();
      const at = root ? selectionIn(root) : null;
      if (!at) return;
      const plain = plainOf(essay.content, essay.type === 'essay');
      chosen.current = { ...at, quote: sliceCp(plain, at.start, at.end) };
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [essay.type, essay.content]);

  const glosses = notes.filter((n) => n.kind === 'gloss').sort(byPlace);
  const translations = notes.filter((n) => n.kind === 'translation').sort(byPlace);
  const shownBelow = mode === 'block' ? translations : translations.filter((n) => !placed(n));
  const appreciations = notes.filter((n) => n.kind === 'appreciation');
  const remarks = notes.filter((n) => n.kind === 'remark');
  const variants = notes.filter((n) => n.kind === 'variant').sort(byPlace);

  const propose = async () => {
    if (!(await ensureSignedIn('添加注释'))) return;
    setProposing(chosen.current);
  };

  return (
    <section className="notes" aria-label="注释与译文">
      {glosses.length ? (
        <div className="notes__part">
          <h2 className="notes__title">注释</h2>
          <ol className="notes__glosses">
            {glosses.map((n) => (
              <li key={n.id} id={`note-${n.id}`}>
                <span className="notes__quote serif">{n.quote}</span>
                {n.label ? <span className="notes__label">{n.label}</span> : null}
                <Html html={n.content} /> {n.origin === 'starter' ? null : <NoteCredit note={n} />}
              </li>
            ))}
          </ol>
          {glosses.some((n) => n.origin === 'starter') ? <p className="notes__hint">未署名的注释由拾句编辑撰写。</p> : null}
        </div>
      ) : null}
      {translations.length ? (
        <div className="notes__part">
          <div className="notes__head">
            <h2 className="notes__title">译文</h2>
            {translations.some(placed) ? <Segmented aria-label="译文显示方式" options={MODES} value={mode} onChange={setMode} /> : null}
          </div>
          {shownBelow.length ? (
            <div className="notes__translation serif">
              {shownBelow.map((n) => (
                <p key={n.id}>
                  <Html html={n.content} />
                </p>
              ))}
            </div>
          ) : (
            <p className="notes__hint">译文已显示在每句原文下方。</p>
          )}
          <NoteCredit note={translations[0]!} />
        </div>
      ) : null}
      {appreciations.length ? (
        <div className="notes__part">
          <h2 className="notes__title">赏析</h2>
          {appreciations.map((n) => (
            <div key={n.id} className="notes__essay">
              <p>
                <Html html={n.content} />
              </p>
              <NoteCredit note={n} />
            </div>
          ))}
        </div>
      ) : null}
      {remarks.length ? (
        <div className="notes__part">
          <h2 className="notes__title">评</h2>
          <ul className="notes__remarks">
            {remarks.map((n) => (
              <li key={n.id}>
                <span className="notes__who">{n.commentator}曰：</span>
                <Html html={n.content} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {variants.length ? (
        <div className="notes__part">
          <h2 className="notes__title">异文</h2>
          <ul className="notes__variants">
            {variants.map((n) => (
              <li key={n.id}>
                {n.quote ? <span className="notes__quote serif">{n.quote}</span> : null}
                <Html html={n.content} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="notes__propose">
        <Button size="small" onClick={() => void propose()}>
          {user ? '为选中的文字添加注释' : '添加注释'}
        </Button>
        <span className="notes__hint">选中正文中的字词后点这里；注释、译文、赏析经编辑审核后公开，并署上你的名字。</span>
      </div>
      {proposing !== false ? (
        <Suspense fallback={null}>
          <ProposeNoteDialog essayId={essay.id} chosen={proposing} onClose={() => setProposing(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
