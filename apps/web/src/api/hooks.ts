import type { CallData, CallId } from '@shiju/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, type ApiInput } from './client.js';
import type { ApiError } from './errors.js';
import type { RequestOptions } from './request.js';

/** A write call as a TanStack mutation; the variables are the call's input. Reads go through `queries/`. */
export function useCallMutation<K extends CallId>(id: K, options: Pick<RequestOptions, 'quietCodes'> = {}) {
  return useMutation<CallData<K>, ApiError, ApiInput<K>>({
    mutationFn: (input) => callApi(id, input, options),
  });
}
