/** Build step: writes the starter library file (starterFile.ts) from the chinese-poetry package. */
import { corpusStarterSources } from './sources/index.js';
import { STARTER_FILE, writeStarterFile } from './starterFile.js';

const { texts, bytes } = writeStarterFile(corpusStarterSources());
console.log(`› starter library: ${texts} texts → ${STARTER_FILE} (${(bytes / 1024).toFixed(0)} KB)`);
