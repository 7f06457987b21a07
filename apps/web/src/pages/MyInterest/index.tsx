import { PagePlaceholder } from '../../components/PagePlaceholder.js';
import { RequireSignIn } from '../../components/RequireSignIn.js';

export default function MyInterest() {
  return (
    <RequireSignIn what="我的兴趣">
      <PagePlaceholder
        title="我的兴趣"
        description="这里将按类别列出全部标签，并提供 A–Z 字母索引；选出至少 3 个感兴趣的标签，首页的「为你推荐」就会按它们为你挑选内容。"
      />
    </RequireSignIn>
  );
}
