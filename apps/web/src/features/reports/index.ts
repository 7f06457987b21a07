export { reportQueries } from './api/reports.js';
export { ReportButton } from './components/ReportButton.js';
