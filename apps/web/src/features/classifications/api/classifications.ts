import { defineDomain } from '../../../api/define.js';

const classifications = defineDomain('classifications');

/** Classifications and their tags change only by an editor's hand: they may be five minutes old. */
const STALE_MS = 5 * 60_000;

export const classificationKeys = { all: classifications.all };

export const classificationQueries = {
  list: () => ({ ...classifications.query('classificationsPage', { query: { pageNum: 1, pageSize: 50 } }), staleTime: STALE_MS }),
  detail: (id: number) => classifications.query('classificationDetail', { params: { id } }, { quietCodes: ['A0404'] }),
  /** First-level tags of a classification; the classification page and the tag homes share this entry. */
  tags: (classificationId: number) => ({
    ...classifications.query('classificationTags', { query: { classificationId, pageNum: 1, pageSize: 50 } }, { quietCodes: ['A0404'] }),
    staleTime: STALE_MS,
  }),
  secondLevelTags: (parentId: number) => classifications.query('secondLevelTags', { query: { parentId, pageNum: 1, pageSize: 50 } }),
  /** The A–Z tag index, of one classification or of all. */
  letters: (classificationId?: number) => ({
    ...classifications.query('tagLetters', { query: classificationId === undefined ? {} : { classificationId } }),
    staleTime: STALE_MS,
  }),
  /**
   * The tags the editor offers a text of a classification: collection tags (唐诗, 楚辞…) only when the quoted author
   * or work is from that collection.
   */
  offered: (classificationId: number, quote: { workAuthor?: string; workTitle?: string }) => ({
    ...classifications.query('tagLetters', { query: { classificationId, purpose: 'write', ...quote } }),
    staleTime: STALE_MS,
  }),
};
