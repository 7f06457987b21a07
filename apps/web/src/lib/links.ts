/** Addresses of the reading and writing pages, spelled once. */
export const essayHref = (id: number) => `/bellesDetails?id=${id}`;
export const imitateHref = (id: number) => `/imitative?id=${id}`;
export const editHref = (id: number) => `/editorialEssay?id=${id}`;
export const userHref = (id: number) => `/othersInfor?id=${id}`;
export const classifyHref = (id: number, tagId?: number) => `/classifyDetails?id=${id}${tagId ? `&tagId=${tagId}` : ''}`;
/** 作者页: every text citing the author. */
export const authorHref = (name: string) => `/author?name=${encodeURIComponent(name)}`;
/** The editor, for a new text under a classification (an empty one invites its first). */
export const writeHref = (classificationId?: number) => `/editorialEssay${classificationId ? `?classificationId=${classificationId}` : ''}`;
