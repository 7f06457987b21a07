/**
 * The editor's page (写作, /editorialEssay), above the essays feature whose composer it shows. Nothing of it is used by
 * other features; the route table loads its page.
 */
export {};
