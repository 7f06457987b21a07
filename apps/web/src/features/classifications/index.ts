export { classificationQueries } from './api/classifications.js';
export { useClassifications } from './api/useClassifications.js';
export { ClassificationChips } from './components/ClassificationChips.js';
