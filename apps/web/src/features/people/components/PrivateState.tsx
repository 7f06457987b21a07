import { LockOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { LinkButton } from '../../../components/LinkButton.js';

/** What a visitor sees when someone keeps their likes or collections to themselves (the call answers A0301). */
export function PrivateState({ what, userId }: { what: string; userId: number }) {
  return (
    <Result
      className="private-state panel"
      icon={<LockOutlined />}
      title={`TA 的${what}是私密的`}
      subTitle="TA 设置了仅自己可见。去看看 TA 写的作品吧。"
      extra={
        <LinkButton to={`/othersInfor?id=${userId}`} type="primary">
          去 TA 的主页
        </LinkButton>
      }
    />
  );
}
