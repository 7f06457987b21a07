import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { UserAvatar } from '../components/UserAvatar.js';
import { useSession } from '../hooks/useSession.js';
import { useSignOut } from '../hooks/useSignOut.js';
import { signInPath } from '../lib/navigation.js';
import { SIGN_OUT_LABEL, userLinks } from './userMenu.js';

/** Avatar with 个人中心 / 我的兴趣 / 我的订单 (/ 管理后台 for admins) / 退出登录, or 登录/注册 for visitors. */
export function UserMenu() {
  const user = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = useSignOut();

  if (!user) {
    return <Button onClick={() => navigate(signInPath(location.pathname + location.search))}>登录/注册</Button>;
  }
  const links = userLinks(user);
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          ...links.map((l) => ({ key: l.key, label: l.label })),
          { type: 'divider' as const },
          { key: 'signOut', label: SIGN_OUT_LABEL },
        ],
        onClick: ({ key }) => {
          if (key === 'signOut') void signOut();
          else void navigate(links.find((l) => l.key === key)!.to);
        },
      }}
    >
      <button type="button" className="user-menu" aria-label="我的账户">
        <UserAvatar user={user} size={30} />
        <span className="user-menu__name">{user.nickname}</span>
        <DownOutlined className="user-menu__caret" aria-hidden />
      </button>
    </Dropdown>
  );
}
