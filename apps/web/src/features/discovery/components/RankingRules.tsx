import { LIKE_WEIGHT_FULL_DAYS, RANK_MIN_LIKES } from '@shiju/contract/core';
import './discovery.css';

/** How rankings are decided (docs/decisions/0016), in words a reader can follow. */
export function RankingRules({ compact }: { compact?: boolean }) {
  return (
    <div className={compact ? 'ranking-rules ranking-rules--compact' : 'ranking-rules'}>
      <p className="ranking-rules__formula">
        <strong>看的是</strong>：读过的人里，有多少人喜欢它——读的人越多、喜欢的比例越高，排得越前。
      </p>
      <p className="ranking-rules__note">
        新注册的账号点的喜欢分量较轻（注册满 {LIKE_WEIGHT_FULL_DAYS} 天才算一整份），新发的作品也不会因为“新”而上榜；至少有 {RANK_MIN_LIKES}{' '}
        份喜欢才能进榜。日榜、周榜、月榜只算最近 1 天、7 天、30 天里的喜欢和阅读，总榜算全部。被多位读者举报、待编辑处理的作品暂不上榜。
      </p>
    </div>
  );
}
