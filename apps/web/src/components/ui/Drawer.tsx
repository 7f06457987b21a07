import { useRef, type ReactNode } from 'react';
import { Button } from './Button.js';
import { Icon } from './Icon.js';
import { CloseOutlined } from './icons.js';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The panel's name for screen readers. */
  label: string;
  /** The left of the panel's head (a title, the site's logo); the close button is on its right. */
  head: ReactNode;
  /** The close button's name. */
  closeLabel?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A panel sliding in from the right (antd's Drawer look, ui.css) in the browser's own modal <dialog>: focus stays
 * inside, Esc and the backdrop close it, and its body scrolls under a fixed head. Its content is rendered only while
 * it is open.
 */
export function Drawer({ open, onClose, label, head, closeLabel = '关闭', className, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Opened and closed imperatively (showModal puts it in the top layer); `open` says which it should be.
  const sync = (el: HTMLDialogElement | null) => {
    dialog.current = el;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  };
  return (
    <dialog
      ref={sync}
      className={className ? `drawer ${className}` : 'drawer'}
      aria-label={label}
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === dialog.current) onClose();
      }}
    >
      {open ? (
        <div className="drawer__panel">
          <div className="drawer__head">
            {head}
            <Button type="text" icon={<Icon icon={CloseOutlined} />} aria-label={closeLabel} onClick={onClose} />
          </div>
          <div className="drawer__body">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
