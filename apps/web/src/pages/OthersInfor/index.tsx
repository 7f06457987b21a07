import { PagePlaceholder } from '../../components/PagePlaceholder.js';

export default function OthersInfor() {
  return <PagePlaceholder title="用户主页" description="这里将展示这位作者的资料、作品，以及TA的关注、粉丝、喜欢与收藏。" />;
}
