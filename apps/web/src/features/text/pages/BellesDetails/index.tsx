import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../../api/index.js';
import { Counters } from '../../../essays/index.js';
import { ANCHOR_MIN_HEADINGS } from './constants.js';
import { classifyHref, essayHref } from '../../../../lib/links.js';
import { parseId } from '../../../../lib/parseId.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { Button } from '../../../../components/ui/Button.js';
import { Skeleton } from '../../../../components/ui/Skeleton.js';
import { ActionBar } from './ActionBar.js';
import { AuthorCard } from './AuthorCard.js';
import { Comments } from '../../../comments/index.js';
import { DetailsText } from './DetailsText.js';
import { EssayOutline } from './EssayOutline.js';
import { ImitationsStrip } from './ImitationsStrip.js';
import { ImitationTreeSection } from '../../../imitation/index.js';
import { OriginalNote } from './OriginalNote.js';
import { WorkLine } from '../../../authors/index.js';
import { AttributionLine } from '../../../attributions/index.js';
import { NotesLayer, NotesSection, useNotesView } from '../../../notes/index.js';
import { HighlightLayer, HighlightsPanel, useHighlightsView } from '../../../highlights/index.js';
import { MeterBar } from '../../../meter/index.js';
import { prepareContent } from './prepareContent.js';
import { ReadingSurface, useShownEssay } from '../../../reading/index.js';
import { RelatedTexts } from './RelatedTexts.js';
import { type Details, essayQueries, takeOwedView, useEssayView } from '../../../essays/index.js';
import './details.css';
import { textTitle } from '@shiju/contract/pages';
import { afterActivity } from '../../../site/index.js';
import { useTitleName } from '../../../../lib/titleName.js';
import { useQuery } from '@tanstack/react-query';

const STATUS_NOTE: Partial<Record<Details['status'], string>> = {
  draft: '这是草稿，只有你自己能看到。',
  pending: '这篇作品正在等待审核，通过后才会公开。',
  rejected: '这篇作品没有通过审核，按原因修改后可以重新提交审核。',
  hidden: '这篇作品已被编辑隐藏，只有你自己能看到。',
};

/** antd's 404 picture comes only with a missing text. */
const MissingText = lazy(() => import('./MissingText.js'));

function NotFound() {
  return (
    <Suspense fallback={null}>
      <MissingText />
    </Suspense>
  );
}

function Taxonomy({ essay }: { essay: Details }) {
  if (!essay.classification && essay.tags.length === 0) return null;
  const cid = essay.classification?.id ?? essay.classificationId ?? undefined;
  return (
    <div className="taxonomy">
      {essay.classification ? (
        <Link to={classifyHref(essay.classification.id)} className="taxonomy__classification">
          {essay.classification.name}
        </Link>
      ) : null}
      {essay.tags.map((t) =>
        cid ? (
          <Link key={t.id} to={classifyHref(cid, t.id)} className="tag-label taxonomy__tag">
            #{t.name}
          </Link>
        ) : (
          <span key={t.id} className="tag-label">
            #{t.name}
          </span>
        ),
      )}
    </div>
  );
}

function DetailsView({ essay: asked }: { essay: Details }) {
  // A reader of 繁體 sees an imported text's stored original, not a conversion (features/reading/components/original.ts).
  const essay = useShownEssay(asked);
  const prepared = useMemo(
    () => (essay.type === 'essay' ? prepareContent(essay.content) : { html: '', headings: [] }),
    [essay.type, essay.content],
  );
  const outline = prepared.headings.length >= ANCHOR_MIN_HEADINGS;
  const published = essay.status === 'published';
  const notes = useNotesView(essay, prepared.html);
  const highlights = useHighlightsView(essay);
  return (
    <div className={outline ? 'details details--outlined' : 'details'}>
      <div className="details__main">
        {STATUS_NOTE[essay.status] ? <p className="details__status">{STATUS_NOTE[essay.status]}</p> : null}
        {essay.original ? <OriginalNote original={essay.original} imitationId={essay.id} /> : null}
        <ReadingSurface essay={essay} tools={<MeterBar essay={essay} />}>
          <NotesLayer notes={notes.notes}>
            <HighlightLayer essay={essay} view={highlights} redraw={notes.markup}>
              <DetailsText essay={essay} html={prepared.html} noted={notes.markup} />
            </HighlightLayer>
          </NotesLayer>
        </ReadingSurface>
        <WorkLine essay={essay} />
        <AttributionLine essay={essay} />
        {published ? <NotesSection essay={essay} view={notes} /> : null}
        {published ? <HighlightsPanel essay={essay} view={highlights} /> : null}
        <Taxonomy essay={essay} />
        <div className="details__counters">
          <Counters essay={essay} withLabels />
        </div>
        <ActionBar essay={essay} />
        <AuthorCard essay={essay} />
        {published ? (
          <>
            <ImitationsStrip id={essay.id} />
            <ImitationTreeSection key={essay.id} essay={essay} />
            <Comments essay={essay} />
            <RelatedTexts id={essay.id} tags={essay.tags} />
          </>
        ) : null}
      </div>
      {outline ? (
        <aside className="details__side">
          <EssayOutline headings={prepared.headings} />
        </aside>
      ) : null}
    </div>
  );
}

/**
 * A text whose details came with the server's page was not counted (the server's own calls count no view): its view
 * is counted once, in the background. When the app asked for the details itself, that call counted it.
 */
function useOwedView(id: number) {
  const { mutate } = useEssayView();
  useEffect(() => {
    if (takeOwedView(id)) void afterActivity().then(() => mutate({ body: { id } }));
  }, [id, mutate]);
}

function DetailsLoader({ id }: { id: number }) {
  const query = useQuery(essayQueries.details(id));
  const navigate = useNavigate();
  const mergedInto = query.data?.mergedInto;
  // A text merged into another (a duplicate) lives on at the kept one's address.
  useEffect(() => {
    if (mergedInto && mergedInto !== id) void navigate(essayHref(mergedInto), { replace: true });
  }, [mergedInto, id, navigate]);
  useOwedView(id);
  useTitleName(query.data ? textTitle(query.data) : null);
  if (query.isPending) {
    return (
      <div className="details">
        <div className="details__main">
          <Skeleton title="50%" rows={6} />
        </div>
      </div>
    );
  }
  if (isApiError(query.error, 'A0404')) return <NotFound />;
  if (query.error || !query.data) {
    return <EmptyState description="加载失败" action={<Button onClick={() => void query.refetch()}>重试</Button>} />;
  }
  return <DetailsView essay={query.data} />;
}

/** /bellesDetails?id=: one sentence or essay with everything around it. */
export default function BellesDetails() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  return <div className="page page--details">{id ? <DetailsLoader key={id} id={id} /> : <NotFound />}</div>;
}
