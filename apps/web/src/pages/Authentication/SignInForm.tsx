import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useCallMutation } from '../../api/index.js';
import { useFinishSignIn } from './useFinishSignIn.js';

interface Values {
  username: string;
  password: string;
}

export function SignInForm() {
  const login = useCallMutation('login');
  const finish = useFinishSignIn();
  return (
    <Form<Values>
      name="signIn"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={(body) => login.mutate({ body }, { onSuccess: (s) => finish(s, '欢迎回来') })}
    >
      <Form.Item name="username" label="用户名" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
        <Input prefix={<UserOutlined />} autoComplete="username" maxLength={64} placeholder="用户名" />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={128} placeholder="密码" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        登录
      </Button>
    </Form>
  );
}
