import { Link, useSearchParams } from 'react-router';
import {
  pickOne,
  RankedEntry,
  RankingRules,
  RankReason,
  RankShortfall,
  useQueryParam,
  type RankingPeriod,
} from '../../components/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useClassifications } from '../../../classifications/index.js';
import { usePageSearchParams } from '../../../../lib/pageLocation.js';
import './Leaderboard.css';
import { discoveryQueries } from '../../api/discovery.js';
import { usePagedList } from '../../../../api/define.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { RouterButton } from '../../../../components/RouterButton.js';
import { Button } from '../../../../components/ui/Button.js';
import { Segmented } from '../../../../components/ui/Segmented.js';
import { Tabs } from '../../../../components/ui/Tabs.js';

const PERIODS: ReadonlyArray<{ key: RankingPeriod; label: string; empty: string }> = [
  { key: 'day', label: '日榜', empty: '今天还没有作品上榜' },
  { key: 'week', label: '周榜', empty: '这 7 天还没有作品上榜' },
  { key: 'month', label: '月榜', empty: '这 30 天还没有作品上榜' },
  { key: 'all', label: '总榜', empty: '还没有作品上榜' },
];
const PERIOD_KEYS = PERIODS.map((p) => p.key);

type TypeFilter = 'all' | 'sentence' | 'essay';
const TYPES: Array<{ value: TypeFilter; label: string }> = [
  { value: 'all', label: '全部' },
  { value: 'sentence', label: '句子' },
  { value: 'essay', label: '美文' },
];
const TYPE_KEYS = TYPES.map((t) => t.value);

const PAGE_SIZE = 20;

/** The ranking an address asks for: period, type and classification (unknown values as their defaults). */
export function rankingChoice(params: { get: (name: string) => string | null }) {
  const classificationId = Number(params.get('classificationId'));
  return {
    period: pickOne(params.get('period'), PERIOD_KEYS, 'day'),
    type: pickOne(params.get('type'), TYPE_KEYS, 'all'),
    classificationId: classificationId > 0 ? classificationId : undefined,
  };
}

/** The list of a choice, as the page asks for it. */
export const rankingList = ({ period, type, classificationId }: ReturnType<typeof rankingChoice>) =>
  discoveryQueries.ranking({ period, type: type === 'all' ? undefined : type, classificationId }, PAGE_SIZE);

/** The classification filter: the browser's own select, in the toolbar's look (discovery.css). */
function ClassificationFilter({ value, onChange }: { value?: number; onChange: (id?: number) => void }) {
  const { data } = useClassifications();
  return (
    <select
      className="discovery-select leaderboard__classification"
      aria-label="分类"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
    >
      <option value="">全部分类</option>
      {(data?.list ?? []).map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </select>
  );
}

/** 日榜 / 周榜 / 月榜 / 总榜 of the hottest texts, filtered by type and classification (all in the URL). */
export default function Leaderboard() {
  const [params] = usePageSearchParams();
  const [, setPeriod] = useQueryParam('period');
  const [, setType] = useQueryParam('type');
  const [, setClass] = useQueryParam('classificationId');
  const [, setParams] = useSearchParams();
  const choice = rankingChoice(params);
  const { period, type, classificationId } = choice;
  const current = PERIODS.find((p) => p.key === period)!;

  const list = usePagedList(rankingList(choice));

  const filtered = type !== 'all' || classificationId !== undefined;
  const clearFilters = () => setParams({ period }, { replace: true });
  return (
    <div className="page page--wide leaderboard">
      <header className="discovery-head">
        <h1 className="page__title">排行榜</h1>
        <p className="page__lead">看读过的人里有多少人喜欢：每篇作品下面写着它为什么在这里。</p>
      </header>
      <div className="with-sidebar">
        <div className="with-sidebar__main">
          <div className="discovery-toolbar">
            <Tabs<RankingPeriod>
              activeKey={period}
              onChange={(k) => setPeriod(k)}
              items={PERIODS.map((p) => ({ key: p.key, label: p.label }))}
              className="leaderboard__periods"
            />
            <div className="discovery-toolbar__filters">
              <Segmented<TypeFilter>
                size="middle"
                options={TYPES}
                value={type}
                onChange={(v) => setType(v === 'all' ? null : v, { replace: true })}
                aria-label="类型"
              />
              <ClassificationFilter value={classificationId} onChange={(id) => setClass(id ? String(id) : null, { replace: true })} />
            </div>
          </div>
          <InfiniteList
            more="button"
            ordered
            query={list}
            itemKey={(e) => e.id}
            renderItem={(e) => <RankedEntry rank={e.rank} essay={e} aside={<RankReason entry={e} period={period} />} />}
            empty={
              <EmptyState
                description={
                  filtered ? `${current.empty}，换个类型或分类看看？` : `${current.empty}，去读一读、点个喜欢，好作品就会冲上来。`
                }
                action={
                  filtered ? (
                    <Button type="primary" onClick={clearFilters}>
                      看全部作品
                    </Button>
                  ) : (
                    <RouterButton to={period === 'all' ? '/editorialEssay' : '/leaderboard?period=all'} type="primary">
                      {period === 'all' ? '去写第一句' : '看看总榜'}
                    </RouterButton>
                  )
                }
              />
            }
          />
          <RankShortfall shown={list.total} loaded={list.isSuccess && !list.hasNextPage} />
        </div>
        <aside className="with-sidebar__side">
          <section className="discovery-box panel">
            <h2 className="discovery-box__title">榜单怎么算</h2>
            <RankingRules />
          </section>
          <section className="discovery-box panel">
            <h2 className="discovery-box__title">每周精选</h2>
            <p>每周一零点，上一周发布的作品中最受喜欢的 20 篇会被定格为当周精选。</p>
            <Link to="/bestWeek">去看本周精选 →</Link>
          </section>
        </aside>
      </div>
    </div>
  );
}
