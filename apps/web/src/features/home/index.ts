/** 首页: nothing of it is used by other features; the route table and the server's prerenderer load its page. */
export {};
