import type { CallInput, UserInfo } from '@shiju/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/index.js';
import { saveUserInfo } from '../../lib/session.js';
import { userKeys, userQueries } from '../../api/queries/index.js';

/**
 * Saves part of the profile. The answer is the new userInfo: stored at once (the header shows the new
 * nickname and avatar) and put in the users/me cache; the public profile refetches.
 */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return async (body: NonNullable<CallInput<'updateMe'>['body']>): Promise<UserInfo> => {
    const me = await api('updateMe', { body });
    saveUserInfo(me);
    queryClient.setQueryData(userQueries.me().queryKey, me);
    await queryClient.invalidateQueries({ queryKey: userKeys.profiles });
    return me;
  };
}
