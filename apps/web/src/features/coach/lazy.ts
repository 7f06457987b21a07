/** Parts of this feature other features load on demand (their own chunks). */

/** The 仿写 coach and its engine, loaded with the editor. */
export const loadCoachPanel = () => import('./components/CoachPanel.js');
