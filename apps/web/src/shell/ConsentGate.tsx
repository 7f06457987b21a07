import { AGREEMENT_VERSION } from '@shiju/contract/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useCallMutation } from '../api/index.js';
import { userQueries } from '../api/queries/users.js';
import { useSession } from '../hooks/useSession.js';
import { useSignOut } from '../hooks/useSignOut.js';
import { saveUserInfo } from '../lib/session.js';

/**
 * A signed-in user whose accepted agreement version is not the current one is asked to accept the new
 * 用户协议 and 隐私政策 (or sign out). The stored userInfo may be stale, so the server's answer decides.
 */
export function ConsentGate() {
  const user = useSession();
  const stale = !!user && user.agreementVersion !== AGREEMENT_VERSION;
  const me = useQuery({ ...userQueries.meQuietly(), enabled: stale });
  const accept = useCallMutation('acceptAgreement');
  const signOut = useSignOut();
  const fresh = me.data;
  useEffect(() => {
    // Accepted elsewhere (another device or tab): only the stored copy was old.
    if (stale && fresh && fresh.id === user?.id && fresh.agreementVersion === AGREEMENT_VERSION) saveUserInfo(fresh);
  }, [stale, fresh, user?.id]);
  const open = stale && !!fresh && fresh.agreementVersion !== AGREEMENT_VERSION;
  return (
    <Modal
      open={open}
      title="用户协议和隐私政策已更新"
      closable={false}
      footer={[
        <Button key="out" onClick={() => void signOut()}>
          退出登录
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={accept.isPending}
          onClick={() => accept.mutate({ body: { version: AGREEMENT_VERSION } }, { onSuccess: (info) => saveUserInfo(info) })}
        >
          同意并继续
        </Button>,
      ]}
    >
      <p>
        我们更新了
        <Link to="/agreement" target="_blank">
          《用户协议》
        </Link>
        和
        <Link to="/privacy" target="_blank">
          《隐私政策》
        </Link>
        （版本 {AGREEMENT_VERSION}）。请阅读后选择同意，才能继续使用需要登录的功能。
      </p>
    </Modal>
  );
}
