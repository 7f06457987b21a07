import type { Note } from '@shiju/contract';

/** Who a note is by: its writer (已注销用户 once the account is gone), the book's own note, or 拾句's editors. */
export function NoteCredit({ note }: { note: Note }) {
  const by =
    note.origin === 'corpus'
      ? '原书注'
      : note.origin === 'starter'
        ? '拾句编辑'
        : note.writer
          ? `${note.writer.nickname} 撰`
          : '已注销用户 撰';
  return <span className="note-credit">{by}</span>;
}
