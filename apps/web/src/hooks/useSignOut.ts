import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, toastSuccess } from '../api/index.js';
import { clearSession } from '../lib/session.js';

/** Revokes the token on the server (best effort), clears storage and goes home. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      // An already expired session is what we are ending anyway: no "please sign in" toast for it.
      await api('logout', undefined, { quietCodes: ['A0230', 'B0501'] });
    } catch {
      /* signed out locally below either way */
    }
    clearSession();
    queryClient.clear();
    void navigate('/home');
    toastSuccess('已退出登录');
  };
}
