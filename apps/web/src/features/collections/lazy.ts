/** Parts of this feature other features load on demand (their own chunks). */

/** The folder chooser, loaded when a reader opens it. */
export const loadCollectionPicker = () => import('./components/CollectionPicker.js');
