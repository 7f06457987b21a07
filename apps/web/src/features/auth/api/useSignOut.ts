import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../api/index.js';
import { useLogout } from './auth.js';

/** Revokes the token on the server (best effort; the write clears the session either way) and goes home. */
export function useSignOut() {
  const navigate = useNavigate();
  const logout = useLogout();
  return async () => {
    await logout.mutateAsync({}).catch(() => undefined);
    void navigate('/home');
    toastSuccess('已退出登录');
  };
}
