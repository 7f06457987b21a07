import { PagePlaceholder } from '../../components/PagePlaceholder.js';
import { RequireSignIn } from '../../components/RequireSignIn.js';

export default function EditorialEssay() {
  return (
    <RequireSignIn what="写作台">
      <PagePlaceholder title="写作" description="这里将是你的写作台：写一句话或一篇美文，选择分类与标签，可以先存草稿，满意了再发布。" />
    </RequireSignIn>
  );
}
