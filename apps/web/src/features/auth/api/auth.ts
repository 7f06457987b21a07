import type { CallData } from '@shiju/contract';
import type { QueryClient } from '@tanstack/react-query';
import { clearSession, saveSession } from '../../../lib/session.js';
import { defineCallWrite } from '../../../api/define.js';

/** Whoever was signed in before, nothing they saw stays cached. */
function startSession(queryClient: QueryClient, session: CallData<'login'>): void {
  saveSession(session.accessToken, session.userInfo);
  queryClient.clear();
}

/** A banned account (A0220) is told on the form, with the server's reason. */
export const useLogin = defineCallWrite('login', { quietCodes: ['A0220'], onSuccess: startSession });

export const useRegister = defineCallWrite('register', { onSuccess: startSession });

/**
 * Signed out locally whatever the server says; an already expired session (A0230) is what is being ended anyway,
 * so no "please sign in" for it.
 */
export const useLogout = defineCallWrite('logout', {
  quietCodes: ['A0230'],
  onSettled: (queryClient) => {
    clearSession();
    queryClient.clear();
  },
});

export const useForgotPassword = defineCallWrite('forgotPassword');

export const useResetPassword = defineCallWrite('resetPassword');
