import { confirmDialog } from '../../../components/ConfirmDialog/index.js';
import { navigateTo, signInPath } from '../../../lib/navigation.js';

/** Asks a visitor to sign in for `what` (关注 …) and, if they agree, sends them there and back here. */
export async function askSignIn(what: string): Promise<void> {
  const action = await confirmDialog({
    title: '请先登录',
    content: `登录后就可以${what}了。`,
    okText: '去登录',
    cancelText: '再看看',
  });
  if (action === 'confirm') navigateTo(signInPath());
}
