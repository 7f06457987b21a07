/**
 * A text's page (作品详情, /bellesDetails): it composes the text with most features (comments, highlights, notes,
 * attributions, imitation, the meter), so it sits above them all. Nothing of it is used by other features; the route
 * table and the server's prerenderer load its page.
 */
export {};
