import { PagePlaceholder } from '../../components/PagePlaceholder.js';

export default function BulletinBoard() {
  return <PagePlaceholder title="公告" description="这里将列出拾句编辑部发布的公告，置顶的排在最前，未读的会有提示。" />;
}
