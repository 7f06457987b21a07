import { useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { Note } from '@shiju/contract';
import { NOTE_KIND_NAMES } from '@shiju/contract/notes';
import { ReportButton } from '../../reports/index.js';
import { NoteCredit } from './NoteCredit.js';

interface Open {
  note: Note;
  top: number;
  left: number;
}

/**
 * Around the text: a tap (or Enter) on a dotted 注释 opens it in a small card under the words, a second tap or the
 * close button closes it. The card floats over what follows, so nothing moves.
 */
export function NotesLayer({ notes, children }: { notes: Note[]; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<Open | null>(null);
  const show = (target: EventTarget | null) => {
    const mark = target instanceof Element ? target.closest<HTMLElement>('[data-note]') : null;
    if (!mark || !box.current) return false;
    const id = Number(mark.dataset['note']);
    const note = notes.find((n) => n.id === id);
    if (!note) return false;
    if (open?.note.id === id) {
      setOpen(null);
      return true;
    }
    const outer = box.current.getBoundingClientRect();
    const r = mark.getBoundingClientRect();
    const width = Math.min(320, outer.width - 16);
    const left = Math.max(8, Math.min(r.left - outer.left, outer.width - width - 8));
    setOpen({ note, top: r.bottom - outer.top + 6, left });
    return true;
  };
  const onClick = (e: MouseEvent) => {
    if (!show(e.target) && !(e.target instanceof Element && e.target.closest('.note-card'))) setOpen(null);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') setOpen(null);
    else if ((e.key === 'Enter' || e.key === ' ') && show(e.target)) e.preventDefault();
  };
  return (
    <div className="notes-layer" ref={box} onClick={onClick} onKeyDown={onKeyDown}>
      {children}
      {open ? (
        <div
          className="note-card"
          role="dialog"
          aria-label={`${NOTE_KIND_NAMES[open.note.kind]}：${open.note.quote ?? ''}`}
          style={{ top: open.top, left: open.left }}
        >
          <div className="note-card__head">
            <span className="note-card__quote serif">{open.note.quote}</span>
            {open.note.label ? <span className="note-card__label">{open.note.label}</span> : null}
            <button type="button" className="note-card__close" aria-label="关闭" onClick={() => setOpen(null)}>
              ×
            </button>
          </div>
          {/* Sanitised on the server: plain text with only <em> and <ruby>. */}
          <div className="note-card__body" dangerouslySetInnerHTML={{ __html: open.note.content }} />
          <div className="note-card__foot">
            <NoteCredit note={open.note} />
            <ReportButton targetType="note" targetId={open.note.id} className="note-card__report link-button">
              举报
            </ReportButton>
          </div>
        </div>
      ) : null}
    </div>
  );
}
