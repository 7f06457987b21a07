import type { CallData, CallId } from '@shiju/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { defineCallWrite } from '../../../api/define.js';
import { afterAttributionResolved } from '../../attributions/index.js';
import { afterEssayRemoved } from '../../essays/index.js';
import { adminKeys, type AdminQuery } from '../../../api/keys.js';

export type { AdminQuery };

/** One row of a paged admin call. */
export type AdminRow<K extends CallId> = CallData<K> extends { list: Array<infer T> } ? T : never;

/** Editors act on what is true now: no minute-old cache; a table keeps its rows while the next page loads. */
const FRESH = { staleTime: 0, placeholderData: keepPreviousData } as const;

export const adminDashboardQuery = (days: number) =>
  queryOptions({
    queryKey: adminKeys.dashboard(days),
    queryFn: ({ signal }) => api('adminDashboard', { query: { days } }, { signal }),
    staleTime: 0,
  });

export const adminEssaysQuery = (query: AdminQuery<'adminEssaysPage'>) =>
  queryOptions({ queryKey: adminKeys.essays(query), queryFn: ({ signal }) => api('adminEssaysPage', { query }, { signal }), ...FRESH });

export const adminDuplicatesQuery = (query: AdminQuery<'adminDuplicatesPage'>) =>
  queryOptions({
    queryKey: adminKeys.duplicates(query),
    queryFn: ({ signal }) => api('adminDuplicatesPage', { query }, { signal }),
    ...FRESH,
  });

export const adminConflictsQuery = (query: AdminQuery<'adminConflictsPage'>) =>
  queryOptions({
    queryKey: adminKeys.conflicts(query),
    queryFn: ({ signal }) => api('adminConflictsPage', { query }, { signal }),
    ...FRESH,
  });

export const adminReportsQuery = (query: AdminQuery<'adminReportsPage'>) =>
  queryOptions({ queryKey: adminKeys.reports(query), queryFn: ({ signal }) => api('adminReportsPage', { query }, { signal }), ...FRESH });

export const adminClassificationsQuery = () =>
  queryOptions({
    queryKey: adminKeys.classifications(),
    queryFn: ({ signal }) => api('adminClassifications', {}, { signal }),
    staleTime: 0,
  });

export const adminTagsQuery = () =>
  queryOptions({ queryKey: adminKeys.tags(), queryFn: ({ signal }) => api('adminTags', {}, { signal }), staleTime: 0 });

export const adminAnnouncementsQuery = (query: AdminQuery<'adminAnnouncementsPage'>) =>
  queryOptions({
    queryKey: adminKeys.announcements(query),
    queryFn: ({ signal }) => api('adminAnnouncementsPage', { query }, { signal }),
    ...FRESH,
  });

export const adminAdsQuery = (query: AdminQuery<'adminAdsPage'>) =>
  queryOptions({ queryKey: adminKeys.ads(query), queryFn: ({ signal }) => api('adminAdsPage', { query }, { signal }), ...FRESH });

export const adminBestWeekQuery = (week: string | undefined) =>
  queryOptions({
    queryKey: adminKeys.bestWeek(week),
    queryFn: ({ signal }) => api('adminBestWeek', { query: { week } }, { signal }),
    staleTime: 0,
  });

export const adminOrdersQuery = (query: AdminQuery<'adminOrdersPage'>) =>
  queryOptions({ queryKey: adminKeys.orders(query), queryFn: ({ signal }) => api('adminOrdersPage', { query }, { signal }), ...FRESH });

export const adminPaymentNotificationsQuery = (query: AdminQuery<'adminPaymentNotifications'>) =>
  queryOptions({
    queryKey: adminKeys.paymentNotifications(query),
    queryFn: ({ signal }) => api('adminPaymentNotifications', { query }, { signal }),
    ...FRESH,
  });

export const adminUsersQuery = (query: AdminQuery<'adminUsersPage'>) =>
  queryOptions({ queryKey: adminKeys.users(query), queryFn: ({ signal }) => api('adminUsersPage', { query }, { signal }), ...FRESH });

export const adminCollectionsQuery = (query: AdminQuery<'adminCollectionsPage'>) =>
  queryOptions({
    queryKey: adminKeys.collections(query),
    queryFn: ({ signal }) => api('adminCollectionsPage', { query }, { signal }),
    ...FRESH,
  });

export const adminAuditQuery = (query: AdminQuery<'adminAuditPage'>) =>
  queryOptions({ queryKey: adminKeys.audit(query), queryFn: ({ signal }) => api('adminAuditPage', { query }, { signal }), ...FRESH });

export const adminChallengesQuery = (query: AdminQuery<'adminChallengesPage'>) =>
  queryOptions({
    queryKey: adminKeys.challenges(query),
    queryFn: ({ signal }) => api('adminChallengesPage', { query }, { signal }),
    ...FRESH,
  });

export const adminAttributionsQuery = (query: AdminQuery<'adminAttributionsPage'>) =>
  queryOptions({
    queryKey: adminKeys.attributions(query),
    queryFn: ({ signal }) => api('adminAttributionsPage', { query }, { signal }),
    ...FRESH,
  });

/** A text's evidence as the editor reviews it. */
export const adminAttributionQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.attribution(id),
    queryFn: ({ signal }) => api('attribution', { params: { id } }, { signal }),
    ...FRESH,
  });

export const adminDisputedQuery = (pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: adminKeys.disputed(pageNum),
    queryFn: ({ signal }) => api('disputedLines', { query: { pageNum, pageSize } }, { signal }),
    ...FRESH,
  });

/**
 * A console write: every console query on screen refetches (`adminKeys.all`) before the write counts as done, so
 * a dialog closes onto the updated table.
 */
const adminWrite = <K extends CallId>(id: K) =>
  defineCallWrite(id, { onSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });

export const useAdminReviewEssay = adminWrite('adminReviewEssay');
export const useAdminHideEssay = adminWrite('adminHideEssay');
export const useAdminRestoreEssay = adminWrite('adminRestoreEssay');
export const useAdminHideCollection = adminWrite('adminHideCollection');
export const useAdminResolveReport = adminWrite('adminResolveReport');
export const useAdminResolveAttribution = adminWrite('adminResolveAttribution');
export const useAdminHideEvidence = adminWrite('adminHideEvidence');
export const useAdminAddDisputedLine = adminWrite('adminAddDisputedLine');
export const useAdminRemoveDisputedLine = adminWrite('adminRemoveDisputedLine');
export const useAdminDismissDuplicate = adminWrite('adminDismissDuplicate');
/** A call on a conflict changes texts' attribution badges too. */
export const useAdminResolveConflict = defineCallWrite('adminResolveConflict', {
  onSuccess: (queryClient) =>
    Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.all }), afterAttributionResolved(queryClient)]),
});
/** A merge changes public texts too: the console's tables and every cached text refetch. */
export const useAdminMergeEssays = defineCallWrite('adminMergeEssays', {
  onSuccess: (queryClient) => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.all }), afterEssayRemoved(queryClient)]),
});
export const useAdminCreateClassification = adminWrite('adminCreateClassification');
export const useAdminUpdateClassification = adminWrite('adminUpdateClassification');
export const useAdminDeleteClassification = adminWrite('adminDeleteClassification');
export const useAdminCreateTag = adminWrite('adminCreateTag');
export const useAdminUpdateTag = adminWrite('adminUpdateTag');
export const useAdminDeleteTag = adminWrite('adminDeleteTag');
export const useAdminMergeTag = adminWrite('adminMergeTag');
export const useAdminCreateAnnouncement = adminWrite('adminCreateAnnouncement');
export const useAdminUpdateAnnouncement = adminWrite('adminUpdateAnnouncement');
export const useAdminDeleteAnnouncement = adminWrite('adminDeleteAnnouncement');
export const useAdminCreateAd = adminWrite('adminCreateAd');
export const useAdminUpdateAd = adminWrite('adminUpdateAd');
export const useAdminDeleteAd = adminWrite('adminDeleteAd');
export const useAdminUpdateBestWeek = adminWrite('adminUpdateBestWeek');
export const useAdminCreateChallenge = adminWrite('adminCreateChallenge');
export const useAdminUpdateChallenge = adminWrite('adminUpdateChallenge');
export const useAdminUpdateTheme = adminWrite('adminUpdateTheme');
export const useAdminBanUser = adminWrite('adminBanUser');
export const useAdminUnbanUser = adminWrite('adminUnbanUser');
export const useAdminSetRole = adminWrite('adminSetRole');
export const useAdminConfirmOrder = adminWrite('adminConfirmOrder');
export const useAdminRefundOrder = adminWrite('adminRefundOrder');
export const useAdminRefreshOrder = adminWrite('adminRefreshOrder');
