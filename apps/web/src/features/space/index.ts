/**
 * 个人中心 (/space): the reader's own works, collections, highlights, mutes, blocks, reports and review, composed from
 * those features, so it sits above them. Nothing of it is used by other features; the route table loads its page.
 */
export {};
