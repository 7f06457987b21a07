import { PagePlaceholder } from '../../components/PagePlaceholder.js';

export default function Leaderboard() {
  return (
    <PagePlaceholder
      title="排行榜"
      description="这里将按日榜、周榜、月榜和总榜列出最受欢迎的句子与美文，热度由喜欢、收藏、评论、仿写和阅读共同决定。"
    />
  );
}
