import { PagePlaceholder } from '../../components/PagePlaceholder.js';

export default function BulletinDetails() {
  return <PagePlaceholder title="公告详情" description="这里将完整展示一则公告的内容与发布时间。" />;
}
