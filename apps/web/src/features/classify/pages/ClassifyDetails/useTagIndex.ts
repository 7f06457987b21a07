import { classificationQueries } from '../../../classifications/index.js';
import { useQuery } from '@tanstack/react-query';

/** The A–Z index of a classification's tags (both levels); shared by the tag rows and the letter drawer. */
export function useTagIndex(classificationId: number) {
  return useQuery(classificationQueries.letters(classificationId));
}
