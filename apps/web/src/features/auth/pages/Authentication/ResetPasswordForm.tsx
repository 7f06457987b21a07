import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Password } from '@shiju/contract/schema';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '../../../../api/index.js';
import { useForgotPassword, useResetPassword } from '../../api/auth.js';
import { zodRule } from '../../../../lib/zodRule.js';

interface Values {
  account: string;
  code: string;
  newPassword: string;
}

/**
 * 找回密码: a code to the account's bound email, then the code and a new password. The server answers the same
 * whether or not the account exists, and so does this form.
 */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const forgot = useForgotPassword();
  const reset = useResetPassword();
  const [sentFor, setSentFor] = useState<string | null>(null);

  const send = async () => {
    let account: string;
    try {
      ({ account } = await form.validateFields(['account']));
    } catch {
      return; // the field says what is missing
    }
    forgot.mutate({ body: { account: account.trim() } }, { onSuccess: () => setSentFor(account.trim()) });
  };

  return (
    <Form<Values>
      form={form}
      name="resetPassword"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={({ account, code, newPassword }) =>
        reset.mutate(
          { body: { account: account.trim(), code: code.trim(), newPassword } },
          {
            onSuccess: () => {
              toastSuccess('密码已重设，请用新密码登录');
              onDone();
            },
          },
        )
      }
    >
      <Form.Item
        name="account"
        label="用户名或绑定的邮箱"
        rules={[{ required: true, whitespace: true, message: '请输入用户名或邮箱' }]}
        extra="只有绑定过邮箱的账号才能通过邮件找回密码"
      >
        <Input prefix={<UserOutlined />} autoComplete="username" maxLength={254} placeholder="用户名或邮箱" />
      </Form.Item>
      <Button icon={<MailOutlined />} block onClick={() => void send()} loading={forgot.isPending} className="auth__send-code">
        {sentFor ? '重新发送验证码' : '发送验证码'}
      </Button>
      {sentFor ? (
        <>
          <Alert type="info" showIcon className="auth__sent" title={`如果“${sentFor}”绑定了邮箱，验证码已发送到该邮箱，10 分钟内有效。`} />
          <Form.Item
            name="code"
            label="验证码"
            rules={[
              { required: true, message: '请输入邮件中的验证码' },
              { pattern: /^\s*\d{6}\s*$/, message: '验证码应为 6 位数字' },
            ]}
          >
            <Input prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="6 位数字" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label="新密码"
            extra="8–64 位，不能全是数字；重设后所有设备上的登录都会退出"
            rules={[{ required: true, message: '请输入新密码' }, zodRule(Password, '新密码')]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder="新密码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            重设密码
          </Button>
        </>
      ) : null}
    </Form>
  );
}
