/**
 * On an imitation's page: the 仿写 coach's kept summary (字数 · 平仄 · 押韵 · 对仗). Its writer always sees it, with
 * a switch to show it to everyone; others see it only once the writer showed it. No antd: a reader's page.
 */
import { useQuery } from '@tanstack/react-query';
import { coachQueries, useSetImitationScoresPublic } from '../api/coach.js';

export function ScoresLine({ id }: { id: number }) {
  const scores = useQuery(coachQueries.scores(id));
  const toggle = useSetImitationScoresPublic();
  const s = scores.data;
  if (!s) return null;
  return (
    <p className="original-note__scores">
      <span className="original-note__label">仿写评分</span>
      <span>{s.text}</span>
      {s.mine ? (
        <button type="button" disabled={toggle.isPending} onClick={() => toggle.mutate({ params: { id }, body: { public: !s.public } })}>
          {s.public ? '已公开 · 改为仅自己可见' : '仅自己可见 · 公开'}
        </button>
      ) : null}
    </p>
  );
}
