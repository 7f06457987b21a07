import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tag } from 'antd';
import { toastSuccess } from '../../../../api/index.js';
import { succeeded } from '../../../../api/define.js';
import { adminUsersQuery, useAdminBanUser, useAdminSetRole, useAdminUnbanUser, type AdminRow } from '../../api/admin.js';
import { useSession } from '../../../../hooks/useSession.js';
import { useSetNoteEditor } from '../../../notes/index.js';
import { formatCount, formatDateTime } from '../../../../lib/format.js';
import { PersonCell } from './people.js';
import { confirmThen, FilterSelect, SearchFilter, usePagedQuery, useReasonDialog } from './shared.js';

type AdminUser = AdminRow<'adminUsersPage'>;

const STATUS_OPTIONS = [
  { value: 'active' as const, label: '正常' },
  { value: 'banned' as const, label: '已封禁' },
  { value: 'deleted' as const, label: '已注销' },
];
const ROLE_OPTIONS = [
  { value: 'user' as const, label: '普通用户' },
  { value: 'admin' as const, label: '管理员' },
];
const BAN_REASONS = ['发布垃圾广告', '多次发布违规内容', '恶意骚扰他人', '冒充他人'] as const;

function banText(u: AdminUser): string {
  return u.bannedUntil ? `至 ${formatDateTime(u.bannedUntil)}` : '永久';
}

/** 用户: find people; ban with a reason and an optional end, lift a ban, make or unmake editors. */
export default function Users() {
  const me = useSession();
  const { query, setFilter, tableProps, sortable } = usePagedQuery<Parameters<typeof adminUsersQuery>[0]>({});
  const list = useQuery(adminUsersQuery(query));
  const banUser = useAdminBanUser();
  const unbanUser = useAdminUnbanUser({ onSuccess: () => toastSuccess('已解除封禁') });
  const setUserRole = useAdminSetRole({
    onSuccess: (_r, { body }) => toastSuccess(body.role === 'admin' ? '已设为管理员' : '已取消管理员'),
  });
  const reason = useReasonDialog();
  const setNoteEditor = useSetNoteEditor({ onSuccess: (_r, { body }) => toastSuccess(body.on ? '已授予注释编辑' : '已收回注释编辑') });
  const grantNotes = (u: AdminUser, on: boolean) =>
    void confirmThen(
      on
        ? {
            title: `授予 ${u.nickname} 注释编辑？`,
            content: 'TA 可以在管理后台的“注释”中审核、修改和驳回读者提交的注释，身份仍是普通用户。',
            okText: '授予',
          }
        : { title: `收回 ${u.nickname} 的注释编辑？`, content: 'TA 将不能再审核注释。', okText: '收回', danger: true },
      () => setNoteEditor.mutate({ params: { id: u.id }, body: { on } }),
    );

  const ban = (u: AdminUser) =>
    reason.ask({
      title: `封禁 ${u.nickname}`,
      description: '封禁后该用户的所有登录立即失效，无法再登录；TA 的作品和评论在封禁期间对其他人隐藏。登录时会看到原因和截止时间。',
      label: '封禁原因',
      required: true,
      presets: BAN_REASONS,
      withUntil: true,
      okText: '封禁',
      danger: true,
      onSubmit: ({ reason: r, until }) =>
        succeeded(
          banUser.mutateAsync(
            { params: { id: u.id }, body: { reason: r, until } },
            { onSuccess: () => toastSuccess(`已封禁 ${u.nickname}`) },
          ),
        ),
    });
  const unban = (u: AdminUser) =>
    void confirmThen(
      { title: `解除对 ${u.nickname} 的封禁？`, content: 'TA 可以重新登录，作品和评论恢复对他人可见。', okText: '解除封禁' },
      () => unbanUser.mutate({ params: { id: u.id } }),
    );
  const setRole = (u: AdminUser, role: AdminUser['role']) =>
    void confirmThen(
      role === 'admin'
        ? { title: `把 ${u.nickname} 设为管理员？`, content: '管理员可以进入管理后台，审核、隐藏内容和封禁用户。', okText: '设为管理员' }
        : { title: `取消 ${u.nickname} 的管理员身份？`, content: 'TA 将不能再进入管理后台。', okText: '取消管理员', danger: true },
      () => setUserRole.mutate({ params: { id: u.id }, body: { role } }),
    );

  return (
    <>
      <div className="admin-toolbar">
        <FilterSelect value={query.status} onChange={(status) => setFilter({ status })} options={STATUS_OPTIONS} placeholder="状态" />
        <FilterSelect value={query.role} onChange={(role) => setFilter({ role })} options={ROLE_OPTIONS} placeholder="角色" />
        <SearchFilter placeholder="用户名或昵称" onSearch={(keyword) => setFilter({ keyword })} />
      </div>
      <Table<AdminUser>
        {...tableProps(list)}
        scroll={{ x: 900 }}
        columns={[
          { title: '用户', key: 'user', render: (_, u) => <PersonCell user={u} /> },
          {
            title: '状态',
            key: 'status',
            width: 220,
            render: (_, u) =>
              u.status === 'banned' ? (
                <>
                  <Tag color="red">已封禁 · {banText(u)}</Tag>
                  {u.banReason ? <div className="admin-muted">原因：{u.banReason}</div> : null}
                </>
              ) : u.status === 'deleted' ? (
                <Tag>已注销</Tag>
              ) : (
                <Tag color="green">正常</Tag>
              ),
          },
          {
            title: '角色',
            key: 'role',
            width: 90,
            render: (_, u) =>
              u.role === 'admin' ? (
                <Tag color="blue">管理员</Tag>
              ) : u.noteEditor ? (
                <Tag color="gold">注释编辑</Tag>
              ) : (
                <span className="admin-muted">用户</span>
              ),
          },
          { title: '作品', ...sortable('essayCount'), width: 80, render: (_, u) => formatCount(u.essayCount) },
          { title: '粉丝', ...sortable('followerCount'), width: 80, render: (_, u) => formatCount(u.followerCount) },
          {
            title: '注册',
            ...sortable('createdAt'),
            width: 150,
            render: (_, u) => <span className="admin-muted">{formatDateTime(u.createdAt)}</span>,
          },
          {
            title: '最近活跃',
            ...sortable('lastActiveAt'),
            width: 150,
            render: (_, u) => <span className="admin-muted">{u.lastActiveAt ? formatDateTime(u.lastActiveAt) : '—'}</span>,
          },
          {
            title: '操作',
            key: 'actions',
            width: 190,
            render: (_, u) =>
              u.id === me?.id ? (
                <span className="admin-muted">这是你自己</span>
              ) : u.status === 'deleted' ? (
                <span className="admin-muted">账号已注销</span>
              ) : (
                <Space wrap>
                  {u.status === 'banned' ? (
                    <Button size="small" onClick={() => unban(u)}>
                      解除封禁
                    </Button>
                  ) : (
                    <Button size="small" danger onClick={() => ban(u)}>
                      封禁
                    </Button>
                  )}
                  {u.role === 'admin' ? (
                    <Button size="small" onClick={() => setRole(u, 'user')}>
                      取消管理员
                    </Button>
                  ) : (
                    <Button size="small" onClick={() => setRole(u, 'admin')}>
                      设为管理员
                    </Button>
                  )}
                  {u.role === 'admin' ? null : (
                    <Button size="small" onClick={() => grantNotes(u, !u.noteEditor)}>
                      {u.noteEditor ? '收回注释编辑' : '授予注释编辑'}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      {reason.element}
    </>
  );
}
