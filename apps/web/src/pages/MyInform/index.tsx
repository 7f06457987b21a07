import { PagePlaceholder } from '../../components/PagePlaceholder.js';
import { RequireSignIn } from '../../components/RequireSignIn.js';

export default function MyInform() {
  return (
    <RequireSignIn what="我的通知">
      <PagePlaceholder
        title="我的通知"
        description="这里将按评论和回复、喜欢和收藏、新粉丝、仿写、系统通知与公告分类展示你的通知，未读的会有提示，也可以一键全部已读。"
      />
    </RequireSignIn>
  );
}
