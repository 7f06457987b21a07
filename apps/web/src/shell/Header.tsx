import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../hooks/useSession.js';
import { MessageBell } from './MessageBell.js';
import { MobileUserLinks } from './MobileUserLinks.js';
import { NavLinks } from './NavLinks.js';
import { SearchBox } from './SearchBox.js';
import { UserMenu } from './UserMenu.js';
import { WriteButton } from './WriteButton.js';

export function Logo() {
  return (
    <Link to="/home" className="logo" aria-label="拾句 首页">
      <span className="logo__seal" aria-hidden="true">
        拾
      </span>
      <span className="logo__text">拾句</span>
    </Link>
  );
}

/** Site header; under 768 px the menu, search and account move into a drawer. */
export function Header() {
  const user = useSession();
  const [drawer, setDrawer] = useState(false);
  const close = () => setDrawer(false);

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
          {user ? <MessageBell /> : null}
          <Button
            type="text"
            className="header__menu-button"
            icon={<MenuOutlined aria-hidden />}
            aria-label="打开菜单"
            onClick={() => setDrawer(true)}
          />
        </div>
      </div>
      <Drawer open={drawer} onClose={close} placement="right" size={300} title={<Logo />} className="header-drawer">
        <div className="header-drawer__body">
          <SearchBox onSearch={close} />
          <NavLinks vertical onNavigate={close} />
          <WriteButton block onClick={close} />
          <MobileUserLinks onNavigate={close} />
        </div>
      </Drawer>
    </header>
  );
}
