import { FireOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { ENGAGEMENT_PARTS, engagementOf, formatScore, roundScore, type EngagementCounters } from './hotScore.js';
import { RankingRules } from './RankingRules.js';
import './discovery.css';

export type RankingPeriod = 'day' | 'week' | 'month' | 'all';

interface Props {
  entry: EngagementCounters & { rank: number; score: number; engagement: number };
  period: RankingPeriod;
}

const PERIOD_WORD: Record<RankingPeriod, string> = { day: '今日', week: '近 7 天', month: '近 30 天', all: '累计' };

function Breakdown({ entry, period }: Props) {
  const total = engagementOf(entry);
  return (
    <div className="score-parts">
      <dl className="score-parts__head">
        <div>
          <dt>{PERIOD_WORD[period]}热度</dt>
          <dd>{formatScore(entry.engagement)}</dd>
        </div>
        {period === 'all' ? null : (
          <div>
            <dt>得分</dt>
            <dd>{formatScore(entry.score)}</dd>
          </div>
        )}
      </dl>
      <table className="score-parts__table">
        <caption>累计互动</caption>
        <tbody>
          {ENGAGEMENT_PARTS.map((p) => (
            <tr key={p.key}>
              <th scope="row">{p.label}</th>
              <td>{entry[p.key]}</td>
              <td>× {p.weight}</td>
              <td>= {roundScore(entry[p.key] * p.weight)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              累计热度
            </th>
            <td>= {total}</td>
          </tr>
        </tfoot>
      </table>
      <RankingRules compact />
    </div>
  );
}

/**
 * What the list is ordered by: the period's score (总榜: the accumulated heat). Hovering (or tapping, on
 * phones) shows what it is made of and how it is computed.
 */
export function ScoreBadge({ entry, period }: Props) {
  const orderedBy = period === 'all' ? entry.engagement : entry.score;
  const word = period === 'all' ? '累计热度' : '得分';
  return (
    <Popover
      trigger={['hover', 'click']}
      placement="bottomLeft"
      title={`第 ${entry.rank} 名 · 热度构成`}
      content={<Breakdown entry={entry} period={period} />}
      classNames={{ root: 'score-popover' }}
    >
      <button type="button" className="score-badge" aria-label={`${word} ${formatScore(orderedBy)}，查看构成`}>
        <FireOutlined aria-hidden />
        <span>{formatScore(orderedBy)}</span>
      </button>
    </Popover>
  );
}
