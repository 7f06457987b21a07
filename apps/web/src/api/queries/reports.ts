import { defineCallWrite } from './define.js';

/** 举报 a text, a comment or a user; nothing cached shows reports to their reporter. */
export const useCreateReport = defineCallWrite('createReport');
