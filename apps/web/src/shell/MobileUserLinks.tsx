import { Link, useLocation } from 'react-router';
import { RouterButton } from '../components/RouterButton.js';
import { UserAvatar } from '../components/UserAvatar.js';
import { useSession } from '../hooks/useSession.js';
import { useSignOut } from '../features/auth/index.js';
import { signInPath } from '../lib/navigation.js';
import { SIGN_OUT_LABEL, userLinks } from './userMenu.js';

/** The account part of the mobile drawer: the same links as the avatar menu, laid out flat. */
export function MobileUserLinks({ onNavigate }: { onNavigate: () => void }) {
  const user = useSession();
  const location = useLocation();
  const signOut = useSignOut();

  if (!user) {
    return (
      <RouterButton to={signInPath(location.pathname + location.search)} block onClick={onNavigate}>
        登录/注册
      </RouterButton>
    );
  }
  return (
    <div className="drawer-account">
      <div className="drawer-account__who">
        <UserAvatar user={user} size={36} />
        <span>{user.nickname}</span>
      </div>
      {userLinks(user).map((l) => (
        <Link key={l.key} to={l.to} className="drawer-account__link" onClick={onNavigate}>
          {l.label}
        </Link>
      ))}
      <button
        type="button"
        className="drawer-account__link drawer-account__signout"
        onClick={() => {
          onNavigate();
          void signOut();
        }}
      >
        {SIGN_OUT_LABEL}
      </button>
    </div>
  );
}
