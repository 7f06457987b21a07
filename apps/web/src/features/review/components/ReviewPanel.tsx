import { REVIEW_LIMITS } from '@shiju/contract/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { reviewQueries, useReviewSettings } from '../api/review.js';
import { Button } from '../../../components/ui/Button.js';
import './review.css';

const DAY = 86_400_000;
const WEEKS = 26;

/** The Shanghai calendar day of a moment. */
const dayOf = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(0, 10);

function level(n: number): number {
  if (n <= 0) return 0;
  if (n < 3) return 1;
  if (n < 6) return 2;
  if (n < 10) return 3;
  return 4;
}

/** The last 26 weeks, one column a week (Monday on top), each day shaded by how many lines were answered. */
export function HeatMap({ days }: { days: { day: string; count: number }[] }) {
  const counts = new Map(days.map((d) => [d.day, d.count]));
  const today = dayOf(Date.now());
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const weekday = (new Date(todayMs).getUTCDay() + 6) % 7; // Monday 0
  const start = todayMs - (WEEKS - 1) * 7 * DAY - weekday * DAY;
  const cells = [];
  for (let t = start; t <= todayMs; t += DAY) {
    const day = new Date(t).toISOString().slice(0, 10);
    const n = counts.get(day) ?? 0;
    cells.push(
      <span key={day} className={`heat-cell heat-cell--${level(n)}`} title={`${day}：回顾 ${n} 句`} data-day={day} data-count={n} />,
    );
  }
  const total = days.reduce((s, d) => s + d.count, 0);
  return (
    <div className="heat-map" role="img" aria-label={`最近 ${WEEKS} 周共回顾 ${total} 句`}>
      <div className="heat-map__grid">{cells}</div>
      <div className="heat-map__legend" aria-hidden>
        少
        {[0, 1, 2, 3, 4].map((l) => (
          <span key={l} className={`heat-cell heat-cell--${l}`} />
        ))}
        多
      </div>
    </div>
  );
}

/** 每日回顾 on /space: opt in, or the streak, the calendar heat map and the way to today's review. */
export function ReviewPanel() {
  const stats = useQuery(reviewQueries.stats());
  const save = useReviewSettings();
  const s = stats.data;
  if (!s) return null;
  return (
    <section className="review-panel panel" aria-label="每日回顾">
      <header className="review-panel__head">
        <h2 className="review-panel__title">每日回顾</h2>
        {s.enabled ? (
          <span className="review-panel__streak">
            已连续 <strong>{s.streak}</strong> 天
          </span>
        ) : null}
      </header>
      {s.enabled ? (
        <>
          <HeatMap days={s.days} />
          <div className="review-panel__actions">
            <Link className="btn btn--primary" to="/review">
              开始今天的回顾
            </Link>
            <Button type="text" size="small" loading={save.isPending} onClick={() => save.mutate({ body: { enabled: false } })}>
              关闭
            </Button>
          </div>
        </>
      ) : (
        <div className="review-panel__off">
          <p className="review-panel__lead">
            每天从你收藏的句子里挑 {REVIEW_LIMITS.dailyCards} 句来回顾或默写，按记忆曲线安排下次出现的时间。
          </p>
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate({ body: { enabled: true } })}>
            开启每日回顾
          </Button>
        </div>
      )}
    </section>
  );
}
