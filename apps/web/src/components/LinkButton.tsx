/**
 * A link that looks like a button (the next step of an empty state, 编辑, 我的主页), routed in the app: the people
 * pages' name for RouterButton (one element, one tab stop, no antd).
 */
export { RouterButton as LinkButton } from './RouterButton.js';
