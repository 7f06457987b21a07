export {
  useAcceptAgreement,
  useBindEmail,
  useCancelDeletion,
  useChangePassword,
  useExportData,
  useRequestDeletion,
  useSaveReadingPrefs,
  useUpdateMe,
  useVerifyEmail,
  userQueries,
} from './api/users.js';
