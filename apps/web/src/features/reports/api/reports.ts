import { defineCallWrite, defineDomain } from '../../../api/define.js';

const reports = defineDomain('reports');

/** What a reader can report (举报). */
export type ReportTarget = 'essay' | 'comment' | 'user' | 'note' | 'collection' | 'thought' | 'evidence';

export const reportKeys = { all: reports.all };

/** 我的举报 on /space: the reader's reports and their outcomes. */
export const reportQueries = {
  mine: (pageSize: number) => reports.paged('myReports', (pageNum) => ({ query: { pageNum, pageSize } })),
};

/** 举报 a text, a comment, a user…; 我的举报 shows it next. */
export const useCreateReport = defineCallWrite('createReport', {
  onSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
});
