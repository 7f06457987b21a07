import type { CallData } from '@shiju/contract';
import { useQueryClient } from '@tanstack/react-query';
import { essayQueries } from '../../api/queries/index.js';

export type Details = CallData<'essayDetails'>;

/** Patches the cached details of a text in place (counts, flags), without asking the server again. */
export function useDetailsCache(id: number) {
  const queryClient = useQueryClient();
  return (patch: (d: Details) => Partial<Details>) =>
    queryClient.setQueryData(essayQueries.details(id).queryKey, (d) => (d ? { ...d, ...patch(d) } : d));
}
