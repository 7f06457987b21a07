import type { ReviewCard } from '@shiju/contract';
import type { ReviewRating } from '@shiju/contract/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../../api/index.js';
import { reviewQueries, useReviewSettings, useSendReviewAnswers } from '../../api/review.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { QueryState } from '../../../../components/QueryState.js';
import { RequireSignIn } from '../../../../components/RequireSignIn.js';
import { loadAnnotator, loadToSimplified } from '../../../reading/index.js';
import { Button } from '../../../../components/ui/Button.js';
import { Segmented } from '../../../../components/ui/Segmented.js';
import {
  dropFromOutbox,
  keepReviewOffline,
  keepTodayOffline,
  pushOutbox,
  readOutbox,
  type OutboxAnswer,
} from '../../../../lib/reviewOffline.js';
import { DictationCard, RecallCard } from './Cards.js';
import './review.css';

type Mode = 'recall' | 'dictation';
const MODES: Array<{ value: Mode; label: string }> = [
  { value: 'recall', label: '回忆' },
  { value: 'dictation', label: '默写' },
];

/** Whether the browser has a network (an offline answer waits in the outbox). */
function useOnline() {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * The outbox of answers: each answer goes in first (so one made offline is kept), then everything waiting is sent
 * whenever there is a network — at once, when the browser comes back online, and when the page opens.
 */
function useOutbox() {
  const [outbox, setOutbox] = useState<OutboxAnswer[]>(readOutbox);
  // Answers the server took on this page: a copy of the day's cards fetched before they arrived (a refetch on
  // reconnecting, the worker's kept copy) must not bring a card back as unanswered.
  const [sent, setSent] = useState<ReadonlyMap<number, ReviewRating>>(() => new Map());
  const send = useSendReviewAnswers();
  const online = useOnline();
  const { mutateAsync } = send;
  const sync = useCallback(async () => {
    const waiting = readOutbox();
    if (!waiting.length || !navigator.onLine) return;
    try {
      await mutateAsync(waiting);
      setSent((before) => new Map([...before, ...waiting.map((a) => [a.cardId, a.rating] as const)]));
      setOutbox(dropFromOutbox(waiting));
    } catch (e) {
      // The server refused them (a card gone, too old): nothing to retry. No answer at all: they wait.
      if (isApiError(e) && e.code !== 'NETWORK') setOutbox(dropFromOutbox(waiting));
    }
  }, [mutateAsync]);
  useEffect(() => {
    if (online) void sync();
  }, [online, sync]);
  const add = (a: OutboxAnswer) => {
    setOutbox(pushOutbox(a));
    void sync();
  };
  return { outbox, sent, add, online, syncing: send.isPending };
}

function OptIn() {
  const save = useReviewSettings();
  return (
    <EmptyState
      description="开启后，每天会从你收藏的句子里挑 5 句来回顾；按你记得的程度安排下次出现的时间。"
      action={
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate({ body: { enabled: true } })}>
          开启每日回顾
        </Button>
      }
    />
  );
}

function Done({ streak, total }: { streak: number; total: number }) {
  return (
    <div className="review-done panel" role="status">
      <p className="review-done__title serif">今天的 {total} 句都回顾完了</p>
      <p className="review-done__streak">已连续回顾 {streak} 天</p>
      <Link to="/space">去看看我的回顾日历</Link>
    </div>
  );
}

function Session({ cards, streak }: { cards: ReviewCard[]; streak: number }) {
  const { outbox, sent, add, online, syncing } = useOutbox();
  const [mode, setMode] = useState<Mode>('recall');
  const answeredOf = (c: ReviewCard): ReviewRating | null => outbox.find((a) => a.cardId === c.id)?.rating ?? sent.get(c.id) ?? c.answered;
  const done = cards.filter((c) => answeredOf(c) !== null).length;
  const current = cards.find((c) => answeredOf(c) === null);

  const rate = (card: ReviewCard, rating: ReviewRating) => add({ cardId: card.id, rating, answeredAt: new Date().toISOString(), mode });

  return (
    <>
      <div className="review-bar">
        <span className="review-bar__progress" aria-live="polite">
          {done} / {cards.length}
        </span>
        <Segmented<Mode> options={MODES} value={mode} onChange={setMode} aria-label="回顾方式" />
      </div>
      <ol className="review-dots" aria-hidden>
        {cards.map((c) => (
          <li key={c.id} className={`review-dot review-dot--${answeredOf(c) ?? (c === current ? 'now' : 'todo')}`} />
        ))}
      </ol>
      {outbox.length > 0 ? (
        <p className="review-offline" role="status">
          {online
            ? syncing
              ? '正在同步回答…'
              : `${outbox.length} 条回答等待同步`
            : `离线中：${outbox.length} 条回答已保存在本机，联网后自动同步`}
        </p>
      ) : null}
      {current ? (
        <article className="review-card panel" key={`${current.id}-${mode}`} data-card-id={current.id}>
          {mode === 'recall' ? (
            <RecallCard card={current} onRate={(r) => rate(current, r)} />
          ) : (
            <DictationCard card={current} onRate={(r) => rate(current, r)} loadSimplifier={loadToSimplified} loadPinyin={loadAnnotator} />
          )}
        </article>
      ) : (
        <Done streak={outbox.length ? Math.max(streak, 1) : streak} total={cards.length} />
      )}
    </>
  );
}

function Review() {
  const today = useQuery(reviewQueries.today());
  const loaded = today.isSuccess;
  const { refetch } = today;
  // Once the day's cards are here, the page is kept for offline use, and the cards asked again through the worker
  // so that it keeps them too.
  useEffect(() => {
    if (loaded) void keepReviewOffline().then((kept) => (kept ? refetch() : undefined));
  }, [loaded, refetch]);
  // Whatever the day's cards now are (answers move them), the copy kept for offline follows.
  useEffect(() => {
    if (today.data) void keepTodayOffline(today.data);
  }, [today.data]);
  return (
    <QueryState query={today} skeletonRows={3}>
      {(t) =>
        !t.enabled ? (
          <OptIn />
        ) : t.cards.length === 0 ? (
          <EmptyState
            description="今天没有要回顾的句子。收藏一些喜欢的句子，明天它们就会出现在这里。"
            action={<Link to="/home">去读读句子</Link>}
          />
        ) : (
          <Session cards={t.cards} streak={t.streak} />
        )
      }
    </QueryState>
  );
}

/** /review: 每日回顾 and 默写 of the reader's collected lines; works offline for the day once loaded. */
export default function ReviewPage() {
  return (
    <div className="page page--narrow review">
      <h1 className="review__title serif">每日回顾</h1>
      <RequireSignIn what="每日回顾">
        <Review />
      </RequireSignIn>
    </div>
  );
}
