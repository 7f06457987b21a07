import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/ui/Button.js';
import { Drawer } from '../components/ui/Drawer.js';
import { Icon } from '../components/ui/Icon.js';
import { MenuOutlined, SearchOutlined } from '../components/ui/icons.js';
import { useSession } from '../hooks/useSession.js';
import { MessageBell } from './MessageBell.js';
import { MobileUserLinks } from './MobileUserLinks.js';
import { NavLinks } from './NavLinks.js';
import { SearchBox } from './SearchBox.js';
import { SiteLinks } from '../features/site/index.js';
import { UserMenu } from './UserMenu.js';
import { WriteButton } from '../features/essays/index.js';
import { ReadingSettingsButton, ReadingPrefsSync } from '../features/reading/index.js';

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

/** The phone header's menu: the site's drawer from the right, its content rendered only while it is open. */
function HeaderDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} className="header-drawer" label="菜单" head={<Logo />} closeLabel="关闭菜单">
      <SearchBox onSearch={onClose} />
      <NavLinks vertical onNavigate={onClose} />
      <WriteButton block onClick={onClose} />
      <MobileUserLinks onNavigate={onClose} />
      <SiteLinks onNavigate={onClose} />
    </Drawer>
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
            <ReadingSettingsButton className="header__reading" />
            <WriteButton />
            {user ? <MessageBell /> : null}
            <UserMenu />
          </div>
        </div>
        <div className="header__mobile">
          <Link to="/globalSearch" className="header__icon" aria-label="搜索">
            <Icon icon={SearchOutlined} />
          </Link>
          <ReadingSettingsButton className="header__icon header__reading" />
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
      <ReadingPrefsSync />
    </header>
  );
}
