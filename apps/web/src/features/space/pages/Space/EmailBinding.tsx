import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import type { UserInfo } from '@shiju/contract';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { toastSuccess } from '../../../../api/index.js';
import { useBindEmail, useVerifyEmail } from '../../../account/index.js';

interface Values {
  email: string;
  code: string;
}

/** Seconds left before another code may be sent, counting down once a second. */
function useCountdown(): [number, (s: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  return [left, setLeft];
}

/** 绑定邮箱: a six-digit code to the address, then the code; the bound address is for 找回密码. */
export function EmailBinding({ me }: { me: UserInfo }) {
  const [form] = Form.useForm<Values>();
  const send = useBindEmail();
  const verify = useVerifyEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [left, setLeft] = useCountdown();

  const sendCode = async () => {
    let email: string;
    try {
      ({ email } = await form.validateFields(['email']));
    } catch {
      return; // the field says what is wrong
    }
    send.mutate(
      { body: { email } },
      {
        onSuccess: (r) => {
          setSentTo(r.sentTo);
          setLeft(r.resendInSeconds);
          toastSuccess(`验证码已发送到 ${r.sentTo}`);
        },
      },
    );
  };

  return (
    <Form<Values>
      form={form}
      name="emailBinding"
      layout="vertical"
      requiredMark={false}
      className="settings-form"
      onFinish={({ email, code }) =>
        verify.mutate(
          { body: { email, code } },
          {
            onSuccess: () => {
              form.resetFields();
              setSentTo(null);
              toastSuccess('邮箱已绑定，忘记密码时可以用它找回');
            },
          },
        )
      }
    >
      <p className="settings-block__lead">{me.email ? `当前绑定：${me.email}。可以换绑为新的邮箱。` : '还没有绑定邮箱。'}</p>
      <Form.Item
        name="email"
        label={me.email ? '新邮箱' : '邮箱'}
        rules={[
          { required: true, whitespace: true, message: '请输入邮箱' },
          { type: 'email', message: '邮箱格式不正确' },
        ]}
      >
        <Input prefix={<MailOutlined />} autoComplete="email" maxLength={254} placeholder="name@example.com" />
      </Form.Item>
      <Button onClick={() => void sendCode()} loading={send.isPending} disabled={left > 0}>
        {left > 0 ? `${left} 秒后可重发` : sentTo ? '重新发送验证码' : '发送验证码'}
      </Button>
      {sentTo ? (
        <>
          <Form.Item
            name="code"
            label="验证码"
            className="settings-form__code"
            rules={[
              { required: true, message: '请输入邮件中的验证码' },
              { pattern: /^\s*\d{6}\s*$/, message: '验证码应为 6 位数字' },
            ]}
          >
            <Input prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="6 位数字" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={verify.isPending}>
            绑定邮箱
          </Button>
        </>
      ) : null}
    </Form>
  );
}
