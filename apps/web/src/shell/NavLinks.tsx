import { Link, useLocation } from 'react-router';
import { isNavActive, NAV_ITEMS } from './nav.js';

interface Props {
  vertical?: boolean;
  onNavigate?: () => void;
}

/** The site menu; the active item takes the theme's activeMenu colour (via --active-menu). */
export function NavLinks({ vertical, onNavigate }: Props) {
  const { pathname } = useLocation();
  return (
    <nav className={vertical ? 'nav nav--vertical' : 'nav'} aria-label="主导航">
      {NAV_ITEMS.map((item) => {
        const active = isNavActive(item, pathname);
        return (
          <Link
            key={item.key}
            to={item.to}
            className={active ? 'nav__item is-active' : 'nav__item'}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
