import type { Essay } from '@shiju/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton } from 'antd';
import { plainOf } from '@shiju/contract/anchors';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isApiError, toastSuccess } from '../../../../api/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { EssayCard, EssayComposer, type EssayForm, SourceLine, essayQueries } from '../../../essays/index.js';
import { essayHref } from '../../../../lib/links.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { useSession } from '../../../../hooks/useSession.js';
import { formatCount } from '../../../../lib/format.js';
import { signInPath } from '../../../../lib/navigation.js';
import { usePagedList } from '../../../../api/define.js';
import { loadCoachPanel, useSetImitationScoresPublic } from '../../../coach/index.js';

/** The 仿写 coach and its engine load with the editor, for a signed-in writer only. */
const CoachPanel = lazy(() => loadCoachPanel().then((m) => ({ default: m.CoachPanel })));

const PAGE_SIZE = 20;

/** Imitations, the most liked first among those loaded; the reader's own fresh one pinned on top. */
function Imitations({ id, pinned }: { id: number; pinned: number | null }) {
  const list = usePagedList(essayQueries.imitationPages(id, PAGE_SIZE));
  const items = useMemo(
    () => [...list.items].sort((a, b) => Number(b.id === pinned) - Number(a.id === pinned) || b.likes - a.likes || b.id - a.id),
    [list.items, pinned],
  );
  return (
    <section className="imitative__list" aria-label="仿写作品">
      <h2 className="section__title">
        大家的仿写 <span className="muted-count">{formatCount(Math.max(list.total, items.length))}</span>
      </h2>
      <InfiniteList
        query={{ ...list, items }}
        itemKey={(e: Essay) => e.id}
        renderItem={(e) => <EssayCard essay={e} badge={e.id === pinned ? <span className="imitate-count">刚刚发布</span> : undefined} />}
        empty={<EmptyState compact description="还没有人仿写，来写第一篇吧" />}
        endText="就是这些了"
      />
    </section>
  );
}

/** The text to imitate, on top of the writing form (here and on a 每周仿写's page). */
export function OriginalPanel({ essay: e, heading = true }: { essay: Essay; heading?: boolean }) {
  const Title = heading ? 'h1' : 'h2';
  return (
    <section className={`imitate-original imitate-original--${e.type}`} aria-label="原文">
      <p className="imitate-original__label">原文</p>
      {e.type === 'essay' && e.title ? <Title className="imitate-original__title serif">{e.title}</Title> : null}
      <Link to={essayHref(e.id)} className="imitate-original__text serif">
        {e.type === 'sentence' ? (e.content ?? e.summary) : e.summary}
      </Link>
      <SourceLine essay={e} className="imitate-original__source" />
      <p className="imitate-original__meta">已有 {formatCount(e.imitations)} 篇仿写</p>
    </section>
  );
}

/** With ?id=: the original on top, the writing form, then the imitations. */
export function ImitateOriginal({ id }: { id: number }) {
  const user = useSession();
  const location = useLocation();
  const original = useQuery(essayQueries.details(id));
  const [round, setRound] = useState(0);
  const [pinned, setPinned] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [showScores, setShowScores] = useState(false);
  const setScoresPublic = useSetImitationScoresPublic();
  const listRef = useRef<HTMLDivElement>(null);

  if (original.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (isApiError(original.error, 'A0404') || (original.data && original.data.status !== 'published')) {
    return (
      <Result
        status="404"
        title="要仿写的原文不存在或尚未发布"
        extra={
          <Link to="/imitative">
            <Button type="primary">看看别的句子</Button>
          </Link>
        }
      />
    );
  }
  if (!original.data) return <EmptyState description="加载失败" action={<Button onClick={() => void original.refetch()}>重试</Button>} />;
  const e = original.data;

  const onSaved = (form: EssayForm) => {
    setRound((r) => r + 1);
    // The scores are kept whatever the writer chose; showing them is a second, quiet write.
    if (showScores) setScoresPublic.mutate({ params: { id: form.id }, body: { public: true } });
    if (form.status === 'published') {
      setPinned(form.id);
      setPending(false);
      toastSuccess('仿写已发布');
      requestAnimationFrame(() => listRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    } else if (form.status === 'pending') {
      setPending(true);
    } else {
      toastSuccess('草稿已保存，可以在个人中心继续修改');
    }
  };

  return (
    <>
      <OriginalPanel essay={e} />

      <section className="imitate-compose" aria-label="写仿写">
        <h2 className="section__title">我来仿写</h2>
        {pending ? (
          <Alert type="info" showIcon message="仿写已提交，正在等待审核，通过后会出现在下面。" className="imitate-compose__notice" />
        ) : null}
        {user ? (
          <EssayComposer
            key={round}
            imitateOf={id}
            lockType={e.type}
            defaults={{ classificationId: e.classificationId ?? undefined, tagIds: e.tags.map((t) => t.id) }}
            onSaved={onSaved}
            beside={(draft) => (
              <Suspense fallback={null}>
                <CoachPanel
                  originalId={id}
                  original={plainOf(e.content, e.type === 'essay')}
                  draft={draft}
                  showScores={showScores}
                  onShowScores={setShowScores}
                />
              </Suspense>
            )}
          />
        ) : (
          <div className="imitate-compose__visitor">
            <p>登录后就可以照着这段文字写一篇自己的。</p>
            <Link to={signInPath(location.pathname + location.search)}>
              <Button type="primary">登录 / 注册</Button>
            </Link>
          </div>
        )}
      </section>

      <div ref={listRef}>
        <Imitations id={id} pinned={pinned} />
      </div>
    </>
  );
}
