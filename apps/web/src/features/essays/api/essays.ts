import type { CallData, CallInput, Essay, ReactionKind } from '@shiju/contract';
import { infiniteQueryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, callApi } from '../../../api/client.js';
import { serverAnswerKeys } from '../../../api/queryClient.js';
import type { ApiError } from '../../../api/errors.js';
import { defineCallWrite, defineDomain, defineWrite } from '../../../api/define.js';
import { interestKeys } from '../../../api/keys.js';
import { userKeys } from '../../../api/keys.js';
import { afterChallengeEntered } from '../../challenges/index.js';
import { essayKeys } from '../../../api/keys.js';

const essays = defineDomain('essays');

type ListBody = NonNullable<CallInput<'essaysPage'>['body']>;
/** Filters and sort of es/essays/pc/page; paging is the query's business. */
export type EssayFilter = Omit<ListBody, 'pageNum' | 'cursor'>;
type FeedPage = CallData<'essaysPage'> & { list: Essay[]; nextCursor: string | null };
/** What the writing form sends (`createEssay` and `updateEssay` take the same body). */
export type EssayWriteBody = NonNullable<CallInput<'createEssay'>['body']>;

export const essayQueries = {
  details: (id: number) => essays.query('essayDetails', { body: { id } }, { quietCodes: ['A0404'] }),
  /** The author's editable copy, always asked afresh before editing. */
  form: (id: number) => ({ ...essays.query('essayForm', { params: { id } }, { quietCodes: ['A0404', 'A0301'] }), staleTime: 0 }),
  page: (body: ListBody) => essays.query('essaysPage', { body }),
  byAuthor: (filter: EssayFilter & { authorId: number }, pageSize: number) =>
    essays.paged('essaysPage', (pageNum) => ({ body: { ...filter, pageNum, pageSize } })),
  own: (status: Essay['status'], pageSize: number) => essays.paged('myEssays', (pageNum) => ({ query: { status, pageNum, pageSize } })),
  /** The words being written against the library (only published texts are named); quiet: a hint, not an error. */
  duplicates: (body: NonNullable<CallInput<'checkDuplicates'>['body']>) => ({
    ...essays.query('checkDuplicates', { body }, { quietCodes: ['A0400', 'A0230', 'B0001', 'B0002'], silent: true }),
    staleTime: 60_000,
  }),
  imitations: (id: number, pageSize: number) => essays.query('imitations', { params: { id }, query: { pageNum: 1, pageSize } }),
  /** The family tree below a text: three generations, page `pageNum` of its own imitations (or of all, as a list). */
  imitationTree: (id: number, pageNum = 1) => essays.query('imitationTree', { params: { id }, query: { pageNum } }),
  imitationPages: (id: number, pageSize: number) =>
    essays.paged('imitations', (pageNum) => ({ params: { id }, query: { pageNum, pageSize } })),
  /**
   * Published texts paged by the server's keyset cursor (`nextCursor`): page 40 costs what page 1 does. Its key
   * sits under `essayKeys.lists`, so whatever refreshes the lists refreshes the feed.
   */
  feed: (filter: EssayFilter) =>
    infiniteQueryOptions<FeedPage, ApiError, { pages: FeedPage[] }, readonly unknown[], string | null>({
      queryKey: [...essayKeys.lists, 'feed', filter],
      initialPageParam: null,
      queryFn: ({ pageParam, signal }) =>
        callApi('essaysPage', { body: { ...filter, cursor: pageParam ?? undefined } }, { signal }) as Promise<FeedPage>,
      getNextPageParam: (last) => (last.list.length > 0 && last.nextCursor ? last.nextCursor : undefined),
    }),
};

/**
 * After a text is deleted or leaves the lists: every list of texts, the author's own list and counts, the
 * interest feed, and the cached details of texts. Lists not on screen refetch when they are shown next.
 */
export async function afterEssayRemoved(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ queryKey: essayKeys.details });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: essayKeys.all }),
    queryClient.invalidateQueries({ queryKey: interestKeys.feeds }),
    queryClient.invalidateQueries({ queryKey: userKeys.profiles }),
  ]);
}

/** The id of a cached essayDetails answer (`[essays, essayDetails, { body: { id } }]`), else null. */
function detailsId(key: readonly unknown[]): number | null {
  if (key.length < 3 || !essayKeys.details.every((part, i) => key[i] === part)) return null;
  const id = (key[2] as { body?: { id?: unknown } } | null)?.body?.id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/** Texts whose owed view has been taken. */
const viewsTaken = new Set<number>();

/**
 * True once for a text whose details came with the server's page (the server's own calls count no view, and the app
 * did not ask for them): its page then counts the view itself with the small essayView call. False when the app
 * fetched the details, which counted it.
 */
export function takeOwedView(id: number): boolean {
  if (viewsTaken.has(id) || !serverAnswerKeys().some((key) => detailsId(key) === id)) return false;
  viewsTaken.add(id);
  return true;
}

/**
 * Counts the reader's view of a text whose details came with the server's page (takeOwedView).
 * Silent by the contract and never a toast: the reader asked for nothing, and a view not counted is theirs to lose.
 */
export const useEssayView = defineCallWrite('essayView', { quietCodes: ['A0400', 'A0404', 'A0501', 'B0001', 'B0002'] });

/** Deleted by its author: see afterEssayRemoved. */
export const useDeleteEssay = defineCallWrite('deleteEssay', { onSuccess: (queryClient) => afterEssayRemoved(queryClient) });

/**
 * The author's own copy answered by a save or a withdrawal is the editable form from now on; every list and
 * details entry of texts (an imitated original's count among them) refetches in the background.
 */
function afterEssayWritten(queryClient: QueryClient, form: CallData<'essayForm'>): void {
  queryClient.setQueryData(essayQueries.form(form.id).queryKey, form);
  void queryClient.invalidateQueries({ queryKey: essayKeys.all });
}

/** Saves a new text, or with `id` an own one; the body's `status` says draft or publish. */
export const useSaveEssay = defineWrite(
  ({ id, body, challengeId }: { id?: number; body: EssayWriteBody; challengeId?: number }) => {
    if (id) return api('updateEssay', { params: { id }, body });
    // A first save on a 每周仿写 page enters the challenge: the server checks it is open and sets the original.
    if (challengeId) {
      const { imitateOf: _original, ...entry } = body;
      return api('enterChallenge', { params: { id: challengeId }, body: entry });
    }
    return api('createEssay', { body });
  },
  {
    onSuccess: (queryClient, form, { challengeId }) => {
      afterEssayWritten(queryClient, form);
      if (challengeId) afterChallengeEntered(queryClient);
    },
  },
);

/** 撤回到草稿: a published text leaves the site and goes back to the author's drafts. */
export const useWithdrawEssay = defineCallWrite('withdrawEssay', { onSuccess: afterEssayWritten });

/** 不感兴趣: the lists and the interest feed leave the text out from now on (refetched in the background). */
export const useNotInterested = defineCallWrite('uninterested', {
  onSuccess: (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: essayKeys.lists });
    void queryClient.invalidateQueries({ queryKey: interestKeys.feeds });
  },
});

/** 喜欢 or 收藏 a text, or take it back; the answer carries both reactions' state and counts. */
export const useReaction = defineWrite(({ essayId, kind, on }: { essayId: number; kind: ReactionKind; on: boolean }) =>
  api(on ? 'like' : 'unlike', { body: { essayId, type: kind } }),
);

export type Details = CallData<'essayDetails'>;

/** Patches the cached details of a text in place (counts, flags) after a write, without asking the server again. */
export function useDetailsCache(id: number) {
  const queryClient = useQueryClient();
  return (patch: (d: Details) => Partial<Details>) =>
    queryClient.setQueryData(essayQueries.details(id).queryKey, (d) => (d ? { ...d, ...patch(d) } : d));
}
