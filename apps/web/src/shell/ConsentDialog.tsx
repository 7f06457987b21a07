import { AGREEMENT_VERSION } from '@shiju/contract/core';
import { Button, Modal } from 'antd';
import { useAcceptAgreement } from '../features/account/index.js';
import { useSignOut } from '../features/auth/index.js';
import AntdScope from '../components/antd/AntdScope.js';
import { AgreementLinks } from '../components/AgreementLinks.js';

/** The new-agreement dialog of ConsentGate (loaded only when someone has to accept). */
export default function ConsentDialog() {
  const accept = useAcceptAgreement();
  const signOut = useSignOut();
  return (
    <AntdScope>
      <Modal
        open
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
            onClick={() => accept.mutate({ body: { version: AGREEMENT_VERSION } })}
          >
            同意并继续
          </Button>,
        ]}
      >
        <p>
          我们更新了
          <AgreementLinks />
          （版本 {AGREEMENT_VERSION}）。请阅读后选择同意，才能继续使用需要登录的功能。
        </p>
      </Modal>
    </AntdScope>
  );
}
