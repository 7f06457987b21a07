export { useAcceptAgreement, useCancelDeletion, useSaveReadingPrefs, userQueries } from './api/users.js';
