import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/ui/Button.js';
import { Icon } from '../components/ui/Icon.js';
import { CloseOutlined, MenuOutlined, SearchOutlined } from '../components/ui/icons.js';
import { useSession } from '../hooks/useSession.js';
import { MessageBell } from './MessageBell.js';
import { MobileUserLinks } from './MobileUserLinks.js';
import { NavLinks } from './NavLinks.js';
import { SearchBox } from './SearchBox.js';
import { SiteLinks } from './SiteLinks.js';
import { UserMenu } from './UserMenu.js';
import { WriteButton } from './WriteButton.js';

/** The site's name, read as "拾句 首页": the seal is decoration, the words the link's name. */
export function Logo() {
  return (
    <Link to="/home" className="logo">
      <span className="logo__seal" aria-hidden="true">
        拾
      </span>
      <span className="logo__text">拾句</span>
      <span className="sr-only"> 首页</span>
    </Link>
  );
}

/**
 * The phone header's menu: a modal panel sliding in from the right (the browser's own <dialog>: focus stays inside,
 * Esc and the backdrop close it). Its content is rendered only while it is open.
 */
function HeaderDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
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
      className="header-drawer"
      aria-label="菜单"
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === dialog.current) onClose();
      }}
    >
      {open ? (
        <div className="header-drawer__panel">
          <div className="header-drawer__head">
            <Logo />
            <Button type="text" icon={<Icon icon={CloseOutlined} />} aria-label="关闭菜单" onClick={onClose} />
          </div>
          <div className="header-drawer__body">
            <SearchBox onSearch={onClose} />
            <NavLinks vertical onNavigate={onClose} />
            <WriteButton block onClick={onClose} />
            <MobileUserLinks onNavigate={onClose} />
            <SiteLinks onNavigate={onClose} />
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/** Site header; under 768 px the menu, search and account move into a drawer. */
export function Header() {
  const user = useSession();
  const [drawer, setDrawer] = useState(false);

  return (
    <header className="header">
      <div className="header__inner">
        <Logo />
        <div className="header__desktop">
          <NavLinks />
          <div className="header__actions">
            <SearchBox />
            <WriteButton />
            {user ? <MessageBell /> : null}
            <UserMenu />
          </div>
        </div>
        <div className="header__mobile">
          <Link to="/globalSearch" className="header__icon" aria-label="搜索">
            <Icon icon={SearchOutlined} />
          </Link>
          {user ? <MessageBell /> : null}
          <Button
            type="text"
            className="header__menu-button"
            icon={<Icon icon={MenuOutlined} />}
            aria-label="打开菜单"
            aria-haspopup="dialog"
            aria-expanded={drawer}
            onClick={() => setDrawer(true)}
          />
        </div>
      </div>
      <HeaderDrawer open={drawer} onClose={() => setDrawer(false)} />
    </header>
  );
}
