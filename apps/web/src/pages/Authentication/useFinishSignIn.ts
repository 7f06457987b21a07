import type { CallData } from '@shiju/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { toastSuccess } from '../../api/index.js';
import { saveSession } from '../../lib/session.js';
import { pingActivity } from '../../lib/startup.js';

/** Only same-site paths: `?redirect=` must not send anyone to another site. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/authentication')) return '/home';
  return value;
}

/** Stores the session, counts today's activity and goes back to where the user came from. */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  return (session: CallData<'login'>, greeting: string) => {
    saveSession(session.accessToken, session.userInfo);
    queryClient.clear();
    pingActivity();
    void navigate(safeRedirect(params.get('redirect')), { replace: true });
    toastSuccess(`${greeting}，${session.userInfo.nickname}`);
  };
}
