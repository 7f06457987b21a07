import { useNavigate } from 'react-router';
import { confirmDialog } from './ConfirmDialog/index.js';
import { isSignedIn } from '../lib/session.js';
import { signInPath } from '../lib/navigation.js';

/**
 * Returns `go(to, what)`: signed-in users go straight to `to`; visitors are asked to sign in first and,
 * if they agree, land on the sign-in page that brings them back to `to`.
 */
export function useSignInGate() {
  const navigate = useNavigate();
  return async (to: string, what: string) => {
    if (isSignedIn()) {
      void navigate(to);
      return;
    }
    const action = await confirmDialog({
      title: '请先登录',
      content: `登录后就可以${what}了。`,
      okText: '去登录',
      cancelText: '再看看',
    });
    if (action === 'confirm') void navigate(signInPath(to));
  };
}
