import { classificationQueries } from './classifications.js';
import { useQuery } from '@tanstack/react-query';

/** All classifications (there are few; one page of 50 holds them). Shared by home and classification pages. */
export function useClassifications() {
  return useQuery(classificationQueries.list());
}
