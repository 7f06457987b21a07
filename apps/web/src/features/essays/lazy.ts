/** Parts of this feature other features load on demand (their own chunks). */

/** The share card (QR code, canvas drawing), loaded when it is opened. */
export const loadShareCardDialog = () => import('./components/ShareCardDialog.js');
