import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { isApiError } from '../../../../api/index.js';
import { useLogin } from '../../api/auth.js';
import { useFinishSignIn } from './useFinishSignIn.js';

interface Values {
  username: string;
  password: string;
}

export function SignInForm() {
  const finish = useFinishSignIn();
  // The form goes as soon as the session is stored (the page then says who is signed in): finish is the hook's.
  const login = useLogin({ onSuccess: (s) => finish(s, '欢迎回来') });
  // A banned account: the server's message says why and until when; it stays on the form, not just in a toast.
  const banned = isApiError(login.error, 'A0220') ? login.error.message : null;
  return (
    <Form<Values>
      name="signIn"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={(body) => login.mutate({ body })}
      onValuesChange={() => login.reset()}
    >
      {banned ? <Alert type="error" showIcon title="账号已被封禁" description={banned} className="auth__banned" role="alert" /> : null}
      <Form.Item name="username" label="用户名" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
        <Input prefix={<UserOutlined />} autoComplete="username" maxLength={64} placeholder="用户名" />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={128} placeholder="密码" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        登录
      </Button>
      <p className="auth__forgot">
        <Link to="/authentication?tab=reset" replace>
          忘记密码？
        </Link>
      </p>
    </Form>
  );
}
