import './discovery.css';

/** How rankings are scored (PRODUCT §6), in words a reader can follow. */
export function RankingRules({ compact }: { compact?: boolean }) {
  return (
    <div className={compact ? 'ranking-rules ranking-rules--compact' : 'ranking-rules'}>
      <p className="ranking-rules__formula">
        <strong>热度</strong> = 喜欢×3 + 收藏×4 + 评论×2 + 仿写×3 + 阅读×0.05
      </p>
      <p className="ranking-rules__formula">
        <strong>得分</strong> = (热度 + 1) ÷ (发布后的小时数 + 2)<sup>1.5</sup>
      </p>
      <p className="ranking-rules__note">
        日榜、周榜、月榜只计算最近 1 天、7 天、30
        天内发生的互动（这段时间里发布的作品计入全部互动），按得分排序，新作品更容易上榜；总榜按累计热度排序，不随时间衰减。
      </p>
    </div>
  );
}
