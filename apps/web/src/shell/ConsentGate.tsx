import { AGREEMENT_VERSION } from '@shiju/contract/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { userQueries } from '../features/account/index.js';
import { useSession } from '../hooks/useSession.js';
import { saveUserInfo } from '../lib/session.js';

const ConsentDialog = lazy(() => import('./ConsentDialog.js'));

/**
 * A signed-in user whose accepted agreement version is not the current one is asked to accept the new
 * 用户协议 and 隐私政策 (or sign out). The stored userInfo may be stale, so the server's answer decides.
 */
export function ConsentGate() {
  const user = useSession();
  const stale = !!user && user.agreementVersion !== AGREEMENT_VERSION;
  const me = useQuery({ ...userQueries.meQuietly(), enabled: stale });
  const fresh = me.data;
  useEffect(() => {
    // Accepted elsewhere (another device or tab): only the stored copy was old.
    if (stale && fresh && fresh.id === user?.id && fresh.agreementVersion === AGREEMENT_VERSION) saveUserInfo(fresh);
  }, [stale, fresh, user?.id]);
  const open = stale && !!fresh && fresh.agreementVersion !== AGREEMENT_VERSION;
  return open ? (
    <Suspense fallback={null}>
      <ConsentDialog />
    </Suspense>
  ) : null;
}
