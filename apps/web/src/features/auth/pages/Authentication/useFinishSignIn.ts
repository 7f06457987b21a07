import type { CallData } from '@shiju/contract';
import { Button } from 'antd';
import { createElement } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toastSuccess } from '../../../../api/index.js';
import { pingActivity } from '../../../site/index.js';
import { notification } from '../../../../components/antd/messages.js';

/** Only same-site paths: `?redirect=` must not send anyone to another site. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/authentication')) return '/home';
  return value;
}

const INVITE_KEY = 'invite-interests';

/**
 * After signing in or up (the write has stored the session): counts today's activity and goes back to where the
 * user came from. A new account is then invited to pick interests (the personal feed is built from them).
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (session: CallData<'login'>, greeting: string, opts: { newAccount?: boolean } = {}) => {
    pingActivity();
    void navigate(safeRedirect(params.get('redirect')), { replace: true });
    toastSuccess(`${greeting}，${session.userInfo.nickname}`);
    if (!opts.newAccount) return;
    notification.open({
      key: INVITE_KEY,
      // Below, out of the header's way (the account menu sits top right).
      placement: 'bottomRight',
      title: '选几个感兴趣的话题吧',
      description: '首页的“为你推荐”会按你选的标签推荐句子和美文。',
      actions: createElement(
        Button,
        {
          type: 'primary',
          size: 'small',
          onClick: () => {
            notification.destroy(INVITE_KEY);
            void navigate('/myInterest');
          },
        },
        '去选择兴趣',
      ),
    });
  };
}
