import { useCall } from '../api/index.js';

/** All classifications (there are few; one page of 50 holds them). Shared by home and classification pages. */
export function useClassifications() {
  return useCall('classificationsPage', { query: { pageNum: 1, pageSize: 50 } }, { staleTime: 5 * 60_000 });
}
