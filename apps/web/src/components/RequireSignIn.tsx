import { LockOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../hooks/useSession.js';
import { signInPath } from '../lib/navigation.js';

/** Pages of one's own (个人中心, 通知, 订单 …): visitors get a way to sign in that brings them back. */
export function RequireSignIn({ what, children }: { what: string; children: ReactNode }) {
  const user = useSession();
  const location = useLocation();
  if (user) return <>{children}</>;
  return (
    <div className="page page--narrow">
      <Result
        icon={<LockOutlined aria-hidden />}
        title="请先登录"
        subTitle={`登录后即可查看${what}。`}
        extra={
          <Link to={signInPath(location.pathname + location.search)}>
            <Button type="primary">登录 / 注册</Button>
          </Link>
        }
      />
    </div>
  );
}
