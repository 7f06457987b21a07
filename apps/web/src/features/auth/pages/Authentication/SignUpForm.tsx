import { LockOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import { Password, Username } from '@shiju/contract/schema';
import { Button, Checkbox, Form, Input } from 'antd';
import { useRegister } from '../../api/auth.js';
import { zodRule } from '../../../../lib/zodRule.js';
import { useFinishSignIn } from './useFinishSignIn.js';
import { AgreementLinks } from '../../../../components/AgreementLinks.js';

interface Values {
  username: string;
  nickname?: string;
  password: string;
  agree: boolean;
}

const AGREE_FIRST = '请先阅读并同意用户协议和隐私政策';

/** Sign-up; the username and password rules are the contract's own schemas. */
export function SignUpForm() {
  const finish = useFinishSignIn();
  // The form goes as soon as the session is stored (the page then says who is signed in): finish is the hook's.
  const register = useRegister({ onSuccess: (s) => finish(s, '注册成功，欢迎你', { newAccount: true }) });
  return (
    <Form<Values>
      name="signUp"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={({ username, nickname, password }) =>
        register.mutate({ body: { username: username.trim(), password, nickname: nickname?.trim() || undefined, agree: true } })
      }
    >
      <Form.Item
        name="username"
        label="用户名"
        extra="3–20 位字母、数字或下划线，注册后不能修改"
        rules={[{ required: true, whitespace: true, message: '请输入用户名' }, zodRule(Username, '用户名')]}
      >
        <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" placeholder="用户名" />
      </Form.Item>
      <Form.Item
        name="nickname"
        label="昵称（选填）"
        extra="显示在作品和评论旁，以后可以修改"
        rules={[{ max: 20, message: '昵称最多 20 个字符' }]}
      >
        <Input prefix={<SmileOutlined aria-hidden />} autoComplete="nickname" placeholder="昵称" />
      </Form.Item>
      <Form.Item
        name="password"
        label="密码"
        extra="8–64 位，不能全是数字"
        rules={[{ required: true, message: '请输入密码' }, zodRule(Password, '密码')]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" placeholder="密码" />
      </Form.Item>
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[{ validator: (_, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(AGREE_FIRST))) }]}
      >
        <Checkbox>
          我已阅读并同意
          <AgreementLinks />
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={register.isPending}>
        注册并登录
      </Button>
    </Form>
  );
}
