import { useCall } from '../../api/index.js';

/** The A–Z index of a classification's tags (both levels); shared by the tag rows and the letter drawer. */
export function useTagIndex(classificationId: number) {
  return useCall('tagLetters', { query: { classificationId } }, { staleTime: 5 * 60_000, quietCodes: ['B0501'] });
}
