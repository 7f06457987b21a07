import { LockOutlined } from '@ant-design/icons';
import { DELETION_COOLING_OFF_DAYS } from '@shiju/contract/core';
import type { UserInfo } from '@shiju/contract';
import { Button, Form, Input, Radio } from 'antd';
import dayjs from 'dayjs';
import { isApiError, toastSuccess } from '../../../../api/index.js';
import { useCancelDeletion, useRequestDeletion } from '../../../account/index.js';
import { confirmDialog } from '../../../../components/ConfirmDialog/index.js';

interface Values {
  password: string;
  keepContent: boolean;
}

/** 注销账号: password, what happens to the texts and comments, a confirmation; or the pending request and 撤销. */
export function DeleteAccount({ me }: { me: UserInfo }) {
  const [form] = Form.useForm<Values>();
  const cancel = useCancelDeletion({ onSuccess: () => toastSuccess('已撤销注销申请') });
  const request = useRequestDeletion({
    onSuccess: () => {
      form.resetFields();
      toastSuccess(`已申请注销，${DELETION_COOLING_OFF_DAYS} 天内可以撤销`);
    },
    onError: (e) => {
      if (isApiError(e, 'A0210')) form.setFields([{ name: 'password', errors: [e.message || '密码不正确'] }]);
    },
  });

  if (me.deletionDueAt) {
    return (
      <div className="delete-account">
        <p>
          已申请注销，账号将于 <strong>{dayjs(me.deletionDueAt).format('YYYY年M月D日 HH:mm')}</strong>{' '}
          删除。在此之前你可以照常使用，也可以撤销。
        </p>
        <Button type="primary" loading={cancel.isPending} onClick={() => cancel.mutate({})}>
          撤销注销
        </Button>
      </div>
    );
  }

  const submit = async (v: Values) => {
    const action = await confirmDialog({
      title: '确定注销账号？',
      content: `${DELETION_COOLING_OFF_DAYS} 天后，你的资料、登录信息、喜欢、收藏、关注、兴趣和通知将被永久删除，${
        v.keepContent ? '作品和评论以“已注销用户”的名义保留' : '作品和评论一并删除'
      }。期间可以随时撤销。`,
      okText: '申请注销',
      cancelText: '再想想',
      danger: true,
    });
    if (action === 'confirm') request.mutate({ body: v });
  };
  return (
    <Form<Values>
      form={form}
      name="deleteAccount"
      layout="vertical"
      requiredMark={false}
      initialValues={{ keepContent: true }}
      onFinish={(v) => void submit(v)}
      className="settings-form"
    >
      <Form.Item name="keepContent" label="我的作品和评论">
        <Radio.Group>
          <Radio value={true}>保留，显示为“已注销用户”</Radio>
          <Radio value={false}>一并删除</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="password" label="当前密码" rules={[{ required: true, message: '请输入密码以确认身份' }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Button danger htmlType="submit" loading={request.isPending}>
        申请注销
      </Button>
    </Form>
  );
}
