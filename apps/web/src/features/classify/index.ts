/**
 * A classification's page (/classifyDetails): its texts as cards with their mute menus, above the classifications
 * feature (taxonomy, chips) and the essays and mutes features it composes. Nothing of it is used by other features;
 * the route table and the server's prerenderer load its page.
 */
export {};
