/** Build step: writes the starter library file (starterFile.ts) from the chinese-poetry package. */
import { corpusStarterSources } from './sources/index.js';
import { corpusAuthorRecords } from './authorRecords.js';
import { STARTER_FILE, writeStarterFile } from './starterFile.js';

const { texts, authors, bytes } = writeStarterFile(corpusStarterSources(), STARTER_FILE, corpusAuthorRecords());
console.log(`› starter library: ${texts} texts, ${authors} author records → ${STARTER_FILE} (${(bytes / 1024).toFixed(0)} KB)`);
