import { Link } from 'react-router';
import { isApiError } from '../../../../api/index.js';
import { parseIsoWeek } from '@shiju/contract/core';
import { RankedEntry, useQueryParam, weekLabel, weekRangeLabel } from '../../components/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { QueryState } from '../../../../components/QueryState.js';
import './BestWeek.css';
import { discoveryQueries } from '../../api/discovery.js';
import { useQuery } from '@tanstack/react-query';
import { RouterButton } from '../../../../components/RouterButton.js';
import { Button } from '../../../../components/ui/Button.js';
import { Icon } from '../../../../components/ui/Icon.js';
import { CalendarOutlined, LeftOutlined, RightOutlined } from '../../../../components/ui/icons.js';
import { Skeleton } from '../../../../components/ui/Skeleton.js';
import { ChallengeWinners } from './ChallengeWinners.js';

interface PickerProps {
  week: string;
  /** Frozen weeks, newest first. */
  weeks: string[];
  onPick: (week: string) => void;
}

/** ‹ 上一周 · the week · 下一周 ›, over the weeks that exist. */
function WeekPicker({ week, weeks, onPick }: PickerProps) {
  const i = weeks.indexOf(week);
  const older = i >= 0 ? weeks[i + 1] : undefined;
  const newer = i > 0 ? weeks[i - 1] : undefined;
  return (
    <div className="week-picker">
      <Button icon={<Icon icon={LeftOutlined} />} disabled={!older} onClick={() => older && onPick(older)} aria-label="上一周">
        <span className="week-picker__step">上一周</span>
      </Button>
      <select className="discovery-select week-picker__select" value={week} onChange={(e) => onPick(e.target.value)} aria-label="选择周次">
        {weeks.map((w) => (
          <option key={w} value={w}>
            {weekLabel(w)}
          </option>
        ))}
      </select>
      <Button
        icon={<Icon icon={RightOutlined} />}
        iconPlacement="end"
        disabled={!newer}
        onClick={() => newer && onPick(newer)}
        aria-label="下一周"
      >
        <span className="week-picker__step">下一周</span>
      </Button>
    </div>
  );
}

function NoWeekYet() {
  return (
    <EmptyState
      description={
        <div className="best-week__empty">
          <p>第一期每周精选还在路上。</p>
          <p>每周一 00:00（北京时间），上一周发布的作品中热度最高的 20 篇会被定格为当周精选，编辑还会写下点评。</p>
        </div>
      }
      action={
        <RouterButton to="/leaderboard?period=week" type="primary">
          先看看周榜
        </RouterButton>
      }
    />
  );
}

/** The week a `?week=` asks for (an ISO week, 2026-W46), or undefined for the latest. */
export const requestedWeek = (param: string | null) => (parseIsoWeek(param) ? param! : undefined);

/** One frozen week of the best texts (docs/rules.md#best-of-the-week), with the editor's notes; past weeks stay browsable. */
export default function BestWeek() {
  const [weekParam, setWeek] = useQueryParam('week');
  const requested = requestedWeek(weekParam);
  const query = useQuery(discoveryQueries.bestWeek(requested));
  const data = query.data;
  const week = data?.week ?? null;
  const pick = (w: string) => setWeek(w);

  return (
    <div className="page page--wide best-week">
      <header className="discovery-head">
        <h1 className="page__title">每周精选</h1>
        <p className="page__lead">每周一零点，编辑部从上一周发布的作品中定格最受喜爱的 20 篇，并为其中一些写下点评。</p>
      </header>
      <div className="with-sidebar">
        <div className="with-sidebar__main">
          {isApiError(query.error, 'A0404') ? (
            <EmptyState
              description={`${requested ? weekLabel(requested) : '这一周'}的精选还没有产生，或者已经不在了。`}
              action={
                <Button type="primary" onClick={() => setWeek(null)}>
                  看最新一期
                </Button>
              }
            />
          ) : (
            <QueryState query={query} skeletonRows={8} isEmpty={(d) => d.week === null} empty={<NoWeekYet />}>
              {(d) => {
                // While another week loads, its name already shows above the old list's skeleton.
                const shown = query.isPlaceholderData && requested ? requested : d.week!;
                return (
                  <>
                    <div className="best-week__bar panel">
                      <div className="best-week__heading">
                        <h2 className="best-week__week serif">{weekLabel(shown)}</h2>
                        <p className="best-week__range">
                          <Icon icon={CalendarOutlined} /> {weekRangeLabel(shown)}
                          {query.isPlaceholderData ? null : <span className="best-week__count">共 {d.list.length} 篇</span>}
                        </p>
                      </div>
                      <WeekPicker week={shown} weeks={d.weeks} onPick={pick} />
                    </div>
                    {query.isPlaceholderData ? (
                      <Skeleton rows={8} />
                    ) : d.list.length === 0 ? (
                      <EmptyState description="这一周的精选被编辑清空了，看看别的周吧。" />
                    ) : (
                      <ol className="best-week__list">
                        {d.list.map((e) => (
                          <li key={e.id}>
                            <RankedEntry rank={e.rank} essay={e}>
                              {e.note ? (
                                <blockquote className="best-week__note">
                                  <span className="best-week__note-label">编辑点评</span>
                                  {e.note}
                                </blockquote>
                              ) : null}
                            </RankedEntry>
                          </li>
                        ))}
                      </ol>
                    )}
                  </>
                );
              }}
            </QueryState>
          )}
        </div>
        <aside className="with-sidebar__side">
          <ChallengeWinners week={requested} />
          <section className="discovery-box panel">
            <h2 className="discovery-box__title">关于每周精选</h2>
            <p>
              每周一 00:00（北京时间），上一周（周一至周日）发布的作品按热度排出前 20
              篇，定格为当周精选；编辑可以置顶或撤下个别作品，并写下点评。
            </p>
            {week ? (
              <>
                <p>往期精选会一直保留，用上方的周次选择或“上一周”“下一周”翻阅。</p>
                <Link to="/leaderboard?period=week">看看正在进行的周榜 →</Link>
              </>
            ) : null}
          </section>
        </aside>
      </div>
    </div>
  );
}
