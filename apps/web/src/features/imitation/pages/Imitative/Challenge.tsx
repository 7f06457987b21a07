import type { Challenge as ChallengeData } from '@shiju/contract';
import { challengeName, challengeTime, challengeWindow, STATE_LABELS, challengeQueries } from '../../../challenges/index.js';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isApiError, toastSuccess } from '../../../../api/index.js';
import { usePagedList } from '../../../../api/define.js';
import { RankedEntry } from '../../../discovery/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { EssayCard, EssayComposer, type EssayForm } from '../../../essays/index.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { useSession } from '../../../../hooks/useSession.js';
import { signInPath } from '../../../../lib/navigation.js';
import { OriginalPanel } from './ImitateOriginal.js';

const PAGE_SIZE = 20;

function Winners({ challenge }: { challenge: ChallengeData }) {
  return (
    <section className="challenge-winners" aria-label="获奖作品">
      <h2 className="section__title">获奖作品</h2>
      {challenge.winners.length ? (
        <ol className="challenge-winners__list">
          {challenge.winners.map((w) => (
            <li key={w.essay.id}>
              <RankedEntry rank={w.rank} essay={w.essay} aside={<span className="challenge-votes">{w.votes} 个有效的赞</span>} />
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState compact description="这一期没有产生获奖作品。" />
      )}
      <p className="challenge-rule">
        截止前由挑战开始前注册的读者点的赞才计入，作者给自己点的赞不算；同票时先发布的在前。名次在截止时确定，不再变动。
      </p>
    </section>
  );
}

function Entries({ challenge }: { challenge: ChallengeData }) {
  const list = usePagedList(challengeQueries.entries(challenge.id, PAGE_SIZE));
  return (
    <section className="imitative__list" aria-label="参赛作品">
      <h2 className="section__title">
        {challenge.state === 'closed' ? '全部参赛作品' : '参赛作品'} <span className="muted-count">{list.total}</span>
      </h2>
      <InfiniteList
        query={list}
        itemKey={(x) => x.essay.id}
        renderItem={(x) => (
          <EssayCard
            essay={x.essay}
            badge={
              x.rank ? (
                <span className="imitate-count">
                  第 {x.rank} 名 · {x.votes} 赞
                </span>
              ) : undefined
            }
          />
        )}
        empty={
          <EmptyState
            compact
            description={challenge.state === 'upcoming' ? '挑战开始后，参赛作品会出现在这里' : '还没有人参加，来写第一篇吧'}
          />
        }
        endText="就是这些了"
      />
    </section>
  );
}

function Compose({ challenge }: { challenge: ChallengeData }) {
  const user = useSession();
  const location = useLocation();
  const [round, setRound] = useState(0);
  const [pending, setPending] = useState(false);
  const original = challenge.original!;

  const onSaved = (form: EssayForm) => {
    setRound((r) => r + 1);
    if (form.status === 'published') {
      setPending(false);
      toastSuccess('已参加本期每周仿写');
    } else if (form.status === 'pending') setPending(true);
    else toastSuccess('草稿已保存，在截止前发布才算参加');
  };

  if (challenge.state === 'upcoming')
    return <Alert type="info" showIcon message={`本期每周仿写将于 ${challengeTime(challenge.opensAt)} 开始，届时就可以参加。`} />;
  if (challenge.state === 'closed') return <Alert type="warning" showIcon message="本期每周仿写已经结束，不再接受新的仿写。" />;
  return (
    <section className="imitate-compose" aria-label="参加每周仿写">
      <h2 className="section__title">我来参加</h2>
      {pending ? (
        <Alert
          type="info"
          showIcon
          message="仿写已提交，正在等待审核；审核通过时仍在挑战时间内才算参赛。"
          className="imitate-compose__notice"
        />
      ) : null}
      {user ? (
        <EssayComposer
          key={round}
          imitateOf={original.id}
          challengeId={challenge.id}
          lockType={original.type}
          defaults={{ classificationId: original.classificationId ?? undefined, tagIds: original.tags.map((t) => t.id) }}
          onSaved={onSaved}
        />
      ) : (
        <div className="imitate-compose__visitor">
          <p>登录后就可以参加本期每周仿写。</p>
          <Link to={signInPath(location.pathname + location.search)}>
            <Button type="primary">登录 / 注册</Button>
          </Link>
        </div>
      )}
    </section>
  );
}

/** Other challenges, newest first: past ones stay readable. */
export function ChallengeList({ current, title = '往期每周仿写' }: { current?: number; title?: string }) {
  const list = useQuery(challengeQueries.list(20));
  const others = (list.data?.list ?? []).filter((c) => c.id !== current);
  if (!others.length) return null;
  return (
    <section className="challenge-list" aria-label={title}>
      <h2 className="section__title">{title}</h2>
      <ul>
        {others.map((c) => (
          <li key={c.id}>
            <Link to={`/imitative?challenge=${c.id}`}>{challengeName(c)}</Link>
            <span className={`challenge-state challenge-state--${c.state}`}>{STATE_LABELS[c.state]}</span>
            <span className="challenge-list__when">{challengeWindow(c)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /imitative?challenge=: one 每周仿写 — the original, the prompt, entering while open, the winners once closed. */
export function ChallengePage({ id }: { id: number }) {
  const query = useQuery(challengeQueries.details(id));
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (isApiError(query.error, 'A0404'))
    return (
      <Result
        status="404"
        title="这期每周仿写不存在"
        extra={
          <Link to="/imitative">
            <Button type="primary">去仿写</Button>
          </Link>
        }
      />
    );
  if (!query.data) return <EmptyState description="加载失败" action={<Button onClick={() => void query.refetch()}>重试</Button>} />;
  const c = query.data;
  return (
    <>
      <header className="challenge-head">
        <p className="challenge-head__label">
          每周仿写 <span className={`challenge-state challenge-state--${c.state}`}>{STATE_LABELS[c.state]}</span>
        </p>
        <h1 className="challenge-head__title serif">{challengeName(c)}</h1>
        <p className="challenge-head__prompt">{c.prompt}</p>
        <p className="challenge-head__meta">
          {challengeWindow(c)} · {c.entries} 篇参赛
        </p>
      </header>
      {c.original ? (
        <OriginalPanel essay={c.original} heading={false} />
      ) : (
        <Alert type="warning" showIcon message="这期的原文已经不在了。" />
      )}
      {c.state === 'closed' ? <Winners challenge={c} /> : null}
      {c.original ? <Compose challenge={c} /> : null}
      <Entries challenge={c} />
      <ChallengeList current={c.id} />
    </>
  );
}
