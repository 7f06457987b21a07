import type { QueryClient } from '@tanstack/react-query';
import { defineCallWrite, defineDomain } from '../../../api/define.js';
import { essayKeys } from '../../../api/keys.js';

/** 出处与考证: a text's attribution and evidence, the disputed lines; 我的举报 lives in reports.ts. */
const attributions = defineDomain('attributions');

export const attributionKeys = { all: attributions.all };

export const attributionQueries = {
  /** Asked afresh each time the panel opens: others add evidence and editors decide meanwhile. */
  ofEssay: (id: number) => ({ ...attributions.query('attribution', { params: { id } }, { quietCodes: ['A0404'] }), staleTime: 0 }),
  disputed: (pageSize: number) => attributions.paged('disputedLines', (pageNum) => ({ query: { pageNum, pageSize } })),
};

/** Evidence changed: the text's attribution panel. */
const afterEvidence = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: attributionKeys.all });

export const useAddEvidence = defineCallWrite('addEvidence', { onSuccess: afterEvidence });
export const useConfirmEvidence = defineCallWrite('confirmEvidence', { onSuccess: afterEvidence });

/** An editor's resolution changes the badge on the text's page too. */
export const afterAttributionResolved = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: attributionKeys.all }),
    queryClient.invalidateQueries({ queryKey: essayKeys.details }),
  ]);
