export { useAcceptAgreement, useCancelDeletion, useSaveReadingPrefs, userKeys, userQueries } from './api/users.js';
