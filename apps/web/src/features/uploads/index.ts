export { checkImage, IMAGE_ACCEPT, useUploadImage } from './api/uploads.js';
