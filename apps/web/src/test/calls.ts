/** `virtual:shiju-calls` for unit tests: the same manifest the build serves, made in the test's own process. */
import { manifestOf } from '../../calls-manifest.js';

export { fillPath } from '@shiju/contract';
const m = manifestOf();
export const routes = m.routes;
export const errorMessages = m.errorMessages;
export const pages = m.pages;
export const siteName = m.siteName;
