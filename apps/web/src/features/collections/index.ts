export { collectionHref } from './components/FolderGrid.js';
export { MyCollections } from './components/MyCollections.js';
export { loadCollectionPicker } from './lazy.js';
