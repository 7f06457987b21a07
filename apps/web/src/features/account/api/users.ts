import type { CallData, UserInfo } from '@shiju/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { saveUserInfo } from '../../../lib/session.js';
import { callApi } from '../../../api/client.js';
import { defineCallWrite, defineDomain, defineWrite } from '../../../api/define.js';
import { userKeys } from '../../../api/keys.js';

const users = defineDomain('users');

export const userQueries = {
  /** The signed-in user's own account (membership, settings). */
  me: () => users.query('me', {}),
  /**
   * The same account, asked in the background (no mask) by the shell's checks (the agreement version): a stored
   * session that no longer works is not this check's business to report.
   */
  meQuietly: () =>
    queryOptions({
      queryKey: [...users.call('me'), 'quietly'],
      queryFn: ({ signal }) => callApi('me', {}, { quietCodes: ['A0230'], silent: true, signal }),
      retry: false,
    }),
  /** The account's reading preferences, asked in the background once per session (signing in mirrors them here). */
  readingPrefs: (userId: number) =>
    queryOptions({
      queryKey: [...users.call('readingPrefs'), userId],
      queryFn: ({ signal }) => callApi('readingPrefs', {}, { quietCodes: ['A0230'], silent: true, signal }),
      staleTime: Infinity,
      retry: false,
    }),
  profile: (id: number) => users.query('userProfile', { params: { id } }, { quietCodes: ['A0404'] }),
  relations: (userId: number, type: 'following' | 'followers', pageSize: number) =>
    users.paged('userRelations', (pageNum) => ({ params: { id: userId }, query: { type, pageNum, pageSize } })),
  /** What a user liked or collected; a private list answers A0301, which the page shows as a state. */
  reacted: (userId: number, kind: 'like' | 'collect', pageSize: number) =>
    users.paged(kind === 'like' ? 'userLikes' : 'userCollects', (pageNum) => ({ params: { id: userId }, query: { pageNum, pageSize } }), {
      quietCodes: ['A0301'],
    }),
};

/** A write that answers with the account: kept at once in the session (the header) and in the users/me entry. */
function keepAccount(queryClient: QueryClient, info: UserInfo): void {
  saveUserInfo(info);
  queryClient.setQueryData(userQueries.me().queryKey, info);
}

/** Part of the profile; the public profile (nickname, avatar, counts) refetches. */
export const useUpdateMe = defineCallWrite('updateMe', {
  onSuccess: async (queryClient, me) => {
    keepAccount(queryClient, me);
    await queryClient.invalidateQueries({ queryKey: userKeys.profiles });
  },
});

/** Saves changed reading preferences on the account, in the background; the kept copy follows the answer. */
export const useSaveReadingPrefs = defineCallWrite('saveReadingPrefs', {
  silent: true,
  quietCodes: ['A0230', 'A0501'],
  onSuccess: (queryClient, prefs) => queryClient.setQueriesData({ queryKey: users.call('readingPrefs') }, prefs),
});

/** A wrong old password (A0210) is shown beside its field. */
export const useChangePassword = defineCallWrite('changePassword', { quietCodes: ['A0210'] });

/** A wrong password (A0210) is shown beside its field. */
export const useRequestDeletion = defineCallWrite('requestDeletion', {
  quietCodes: ['A0210'],
  onSuccess: (queryClient, info) => keepAccount(queryClient, info),
});

export const useCancelDeletion = defineCallWrite('cancelDeletion', { onSuccess: (queryClient, info) => keepAccount(queryClient, info) });

export const useBindEmail = defineCallWrite('bindEmail');

export const useVerifyEmail = defineCallWrite('verifyEmail', { onSuccess: (queryClient, info) => keepAccount(queryClient, info) });

export const useAcceptAgreement = defineCallWrite('acceptAgreement', { onSuccess: (queryClient, info) => keepAccount(queryClient, info) });

/** The archive's type (the contract's RAW_RESPONSES.dataExport); anything else is an envelope. */
const ZIP = 'application/zip';

/**
 * 导出我的数据: the archive itself (a File) when the server keeps files, or with object storage a signed link to it.
 * No mask (the button shows the wait, as before); changes nothing cached.
 */
export const useExportData = defineWrite(
  () => callApi('exportData', undefined, { silent: true, file: ZIP }) as Promise<File | CallData<'exportData'>>,
);
