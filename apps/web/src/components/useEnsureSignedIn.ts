import { useLocation, useNavigate } from 'react-router';
import { confirmDialog } from './ConfirmDialog/index.js';
import { isSignedIn } from '../lib/session.js';
import { signInPath } from '../lib/navigation.js';

/**
 * Returns `ensure(what)`: true for a signed-in user; a visitor is asked to sign in (and comes back to this
 * page afterwards) and gets false.
 */
export function useEnsureSignedIn() {
  const navigate = useNavigate();
  const location = useLocation();
  return async (what: string): Promise<boolean> => {
    if (isSignedIn()) return true;
    const action = await confirmDialog({
      title: '请先登录',
      content: `登录后就可以${what}了。`,
      okText: '去登录',
      cancelText: '再看看',
    });
    if (action === 'confirm') void navigate(signInPath(location.pathname + location.search));
    return false;
  };
}
