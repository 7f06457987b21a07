import { LockOutlined } from '@ant-design/icons';
import { Password } from '@shiju/contract/schema';
import type { UserInfo } from '@shiju/contract';
import { Button, Form, Input, Switch } from 'antd';
import type { ReactNode } from 'react';
import { isApiError, toastSuccess } from '../../../../api/index.js';
import { useChangePassword, useUpdateMe } from '../../../account/index.js';
import { zodRule } from '../../../../lib/zodRule.js';
import { AvatarField } from './AvatarField.js';
import { BlockedList } from './BlockedList.js';
import { MutedList } from './MutedList.js';
import { DeleteAccount } from './DeleteAccount.js';
import { ExportData } from './ExportData.js';
import { EmailBinding } from './EmailBinding.js';
import { DELETION_COOLING_OFF_DAYS } from '@shiju/contract/core';

const NICKNAME_MAX = 20;
const BIO_MAX = 200;

function Block({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="settings-block panel">
      <h2 className="settings-block__title">{title}</h2>
      {lead ? <p className="settings-block__lead">{lead}</p> : null}
      {children}
    </section>
  );
}

interface ProfileValues {
  nickname: string;
  bio: string;
}

function ProfileForm({ me }: { me: UserInfo }) {
  const updateMe = useUpdateMe({ onSuccess: () => toastSuccess('资料已保存') });
  const save = ({ nickname, bio }: ProfileValues) => updateMe.mutate({ body: { nickname: nickname.trim(), bio: (bio ?? '').trim() } });
  return (
    <Form<ProfileValues>
      name="profile"
      layout="vertical"
      requiredMark={false}
      initialValues={{ nickname: me.nickname, bio: me.bio }}
      onFinish={save}
      className="settings-form"
    >
      <Form.Item
        name="nickname"
        label="昵称"
        rules={[
          { required: true, whitespace: true, message: '请输入昵称' },
          { max: NICKNAME_MAX, message: `昵称最多 ${NICKNAME_MAX} 个字符` },
        ]}
      >
        <Input maxLength={NICKNAME_MAX} showCount autoComplete="nickname" />
      </Form.Item>
      <Form.Item name="bio" label="个人简介" rules={[{ max: BIO_MAX, message: `个人简介最多 ${BIO_MAX} 个字符` }]}>
        <Input.TextArea
          maxLength={BIO_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder="一句话介绍自己，比如喜欢读什么、写什么"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={updateMe.isPending}>
        保存资料
      </Button>
    </Form>
  );
}

type PrivacyKey = 'likesPublic' | 'collectsPublic';

const PRIVACY: Array<{ key: PrivacyKey; label: string; on: string; off: string }> = [
  { key: 'likesPublic', label: '公开我的喜欢', on: '所有人都能看到你喜欢的作品', off: '仅自己可见，别人打开时会看到“私密”' },
  { key: 'collectsPublic', label: '公开我的收藏', on: '所有人都能看到你收藏的作品', off: '仅自己可见，别人打开时会看到“私密”' },
];

function PrivacySwitches({ me }: { me: UserInfo }) {
  const updateMe = useUpdateMe();
  // One switch changes at a time: the one being saved spins, the others wait.
  const busy = updateMe.isPending ? (Object.keys(updateMe.variables.body)[0] as PrivacyKey) : null;
  const change = (key: PrivacyKey, value: boolean) =>
    updateMe.mutate({ body: { [key]: value } }, { onSuccess: () => toastSuccess(value ? '已设为公开' : '已设为仅自己可见') });
  return (
    <ul className="privacy-list">
      {PRIVACY.map((p) => (
        <li key={p.key} className="privacy-list__item">
          <div>
            <label htmlFor={`privacy-${p.key}`} className="privacy-list__label">
              {p.label}
            </label>
            <p className="privacy-list__hint">{me[p.key] ? p.on : p.off}</p>
          </div>
          <Switch
            id={`privacy-${p.key}`}
            checked={me[p.key]}
            loading={busy === p.key}
            disabled={busy !== null && busy !== p.key}
            onChange={(v) => change(p.key, v)}
            checkedChildren="公开"
            unCheckedChildren="私密"
          />
        </li>
      ))}
    </ul>
  );
}

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Password change with the contract's rules; the server signs out every other session. */
function PasswordForm() {
  const [form] = Form.useForm<PasswordValues>();
  const changePassword = useChangePassword({
    onSuccess: () => {
      form.resetFields();
      toastSuccess('密码已修改，其他设备上的登录已退出');
    },
    onError: (e) => {
      if (isApiError(e, 'A0210')) form.setFields([{ name: 'oldPassword', errors: [e.message || '原密码不正确'] }]);
    },
  });
  const save = ({ oldPassword, newPassword }: PasswordValues) => changePassword.mutate({ body: { oldPassword, newPassword } });
  return (
    <Form<PasswordValues> form={form} name="password" layout="vertical" requiredMark={false} onFinish={save} className="settings-form">
      <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label="新密码"
        extra="8–64 位，不能全是数字"
        dependencies={['oldPassword']}
        rules={[
          { required: true, message: '请输入新密码' },
          zodRule(Password, '新密码'),
          ({ getFieldValue }) => ({
            validator: async (_r, v: string | undefined) => {
              if (v && v === getFieldValue('oldPassword')) throw new Error('新密码不能与原密码相同');
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认新密码"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再输入一次新密码' },
          ({ getFieldValue }) => ({
            validator: async (_r, v: string | undefined) => {
              if (v && v !== getFieldValue('newPassword')) throw new Error('两次输入的新密码不一致');
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
        修改密码
      </Button>
    </Form>
  );
}

/** 设置: profile and avatar, privacy of likes and collections, password, the blocked and muted lists, deleting the account. */
export function Settings({ me }: { me: UserInfo }) {
  return (
    <div className="settings">
      <Block title="头像">
        <AvatarField me={me} />
      </Block>
      <Block title="基本资料">
        <ProfileForm me={me} />
      </Block>
      <Block title="隐私" lead="决定别人能否看到你喜欢和收藏的作品。你自己总能看到。">
        <PrivacySwitches me={me} />
      </Block>
      <Block title="修改密码" lead="修改后，其他设备上的登录会全部退出，当前设备保持登录。">
        <PasswordForm />
      </Block>
      <Block title="邮箱" lead="绑定邮箱后，忘记密码时可以用邮件验证码重设。">
        <EmailBinding me={me} />
      </Block>
      <Block title="黑名单" lead="被拉黑的人不能关注你、评论或回复你的作品、给你发通知；你也不会再看到 TA 的作品和评论。">
        <BlockedList />
      </Block>
      <Block
        title="屏蔽"
        lead="屏蔽的标签、分类、作者和发布者不会再出现在你的推荐、关注动态、排行榜、随机一句和搜索联想中；直接搜索仍能找到。"
      >
        <MutedList />
      </Block>
      <Block
        title="导出我的数据"
        lead="一个 zip 压缩包：账号资料、作品（HTML 与 Markdown）、评论、喜欢、收藏、关注、黑名单、屏蔽、兴趣和订单。每小时最多 3 次。"
      >
        <ExportData />
      </Block>
      <Block
        title="注销账号"
        lead={`注销有 ${DELETION_COOLING_OFF_DAYS} 天冷静期，期间可以撤销；到期后个人信息将被永久删除，无法恢复。你可以选择保留还是删除自己的作品和评论。`}
      >
        <DeleteAccount me={me} />
      </Block>
    </div>
  );
}
