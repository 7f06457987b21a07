import { Fragment, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { UserAvatar } from '../components/UserAvatar.js';
import { Button } from '../components/ui/Button.js';
import { Icon } from '../components/ui/Icon.js';
import { DownOutlined } from '../components/ui/icons.js';
import { useSession } from '../hooks/useSession.js';
import { useSignOut } from '../features/auth/index.js';
import { signInPath } from '../lib/navigation.js';
import { SIGN_OUT_LABEL, userLinks } from './userMenu.js';

/**
 * Avatar with 个人中心 / 我的兴趣 / 我的订单 (/ 管理后台 for admins) / 退出登录, or 登录/注册 for visitors. The menu is
 * the ARIA menu-button pattern in the page's own markup: arrows move, Enter picks, Esc and a click elsewhere close.
 */
export function UserMenu() {
  const user = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = useSignOut();
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    // The first item takes the focus, as a menu opened from its button does.
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  if (!user) {
    return (
      <Button className="visitor-only" onClick={() => void navigate(signInPath(location.pathname + location.search))}>
        登录/注册
      </Button>
    );
  }
  const links = userLinks(user);
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const choose = (key: string) => {
    setOpen(false);
    if (key === 'signOut') void signOut();
    else void navigate(links.find((l) => l.key === key)!.to);
  };
  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(i + 1);
    else if (e.key === 'ArrowUp') move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      close();
    }
  };

  const items = [...links.map((l) => ({ key: l.key, label: l.label })), { key: 'signOut', label: SIGN_OUT_LABEL }];
  return (
    <div className="user-menu-root" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="user-menu"
        aria-label="我的账户"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <UserAvatar user={user} size={30} />
        <span className="user-menu__name">{user.nickname}</span>
        <Icon icon={DownOutlined} className="user-menu__caret" />
      </button>
      {open ? (
        <div className="dropdown-menu" role="menu" id={`${id}-menu`} aria-label="我的账户" onKeyDown={onMenuKey}>
          {items.map((item) => (
            <Fragment key={item.key}>
              {item.key === 'signOut' ? <div className="dropdown-menu__divider" role="separator" /> : null}
              <button type="button" role="menuitem" tabIndex={-1} className="dropdown-menu__item" onClick={() => choose(item.key)}>
                {item.label}
              </button>
            </Fragment>
          ))}
        </div>
      ) : null}
    </div>
  );
}
