import { PagePlaceholder } from '../../components/PagePlaceholder.js';

export default function BellesDetails() {
  return (
    <PagePlaceholder
      title="句子详情"
      description="这里将完整展示一句话或一篇美文：出处与作者、标签与阅读数据，可以喜欢、收藏、分享、仿写，也可以在下方评论与回复。"
    />
  );
}
