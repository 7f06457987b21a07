import { Button, Result, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../../hooks/useSession.js';
import { safeRedirect } from './useFinishSignIn.js';
import { SignInForm } from './SignInForm.js';
import { SignUpForm } from './SignUpForm.js';
import { ResetPasswordForm } from './ResetPasswordForm.js';

type Tab = 'signIn' | 'signUp' | 'reset';

export default function Authentication() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = asked === 'signUp' || asked === 'reset' ? asked : 'signIn';
  const user = useSession();
  const show = (key: Tab) => {
    const next = new URLSearchParams(params);
    next.set('tab', key);
    setParams(next, { replace: true });
  };

  if (user) {
    return (
      <div className="page page--narrow">
        <Result
          status="success"
          title={`你已登录为 ${user.nickname}`}
          extra={
            <Link to={safeRedirect(params.get('redirect'))}>
              <Button type="primary">继续</Button>
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="page auth">
      <div className="auth__card">
        <header className="auth__head">
          <h1 className="auth__title serif">拾句</h1>
          <p className="auth__subtitle">登录后写句子、收藏喜欢的文字</p>
        </header>
        <Tabs
          centered
          activeKey={tab}
          onChange={(key) => show(key as Tab)}
          items={[
            { key: 'signIn', label: '登录', children: <SignInForm /> },
            { key: 'signUp', label: '注册', children: <SignUpForm /> },
            { key: 'reset', label: '找回密码', children: <ResetPasswordForm onDone={() => show('signIn')} /> },
          ]}
        />
      </div>
    </div>
  );
}
