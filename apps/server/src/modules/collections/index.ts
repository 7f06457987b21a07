/** The collections (收藏夹) module's public surface: other modules import only from here. */
export { collectionHandlers } from './routes.js';
export { collectedBy, publicView as publicCollection } from './service.js';
export {
  dropAllOf as dropCollectionsOf,
  endFollowsBetween as endCollectionFollowsBetween,
  exportOf as collectionsExportOf,
  reportTargets as collectionReportTargets,
  findFolder as findCollection,
  publicFoldersAfter as publicCollectionsAfter,
  searchMine as searchMyCollections,
  setHidden as setCollectionHidden,
} from './queries.js';
