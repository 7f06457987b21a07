import type { CallData } from '@shiju/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callKey } from '../../api/index.js';

export type Details = CallData<'essayDetails'>;

export const detailsInput = (id: number) => ({ body: { id } });

/** Patches the cached details of a text in place (counts, flags), without asking the server again. */
export function useDetailsCache(id: number) {
  const queryClient = useQueryClient();
  return (patch: (d: Details) => Partial<Details>) =>
    queryClient.setQueryData<Details>(callKey('essayDetails', detailsInput(id)), (d) => (d ? { ...d, ...patch(d) } : d));
}
