export { afterEssayRemoved, essayQueries, useDeleteEssay } from './api/essays.js';
export { openQueries, seedOrigin } from './api/open.js';
export { EssayCard } from './components/EssayCard.js';
export { RandomSentenceCard, type SentenceFallback } from './components/RandomSentenceCard.js';
export { SourceLine } from './components/SourceLine.js';
export { CoverUpload } from './components/editor/CoverUpload.js';
export { EssayComposer, type EssayForm } from './components/editor/EssayComposer.js';
export { RichTextEditor } from './components/editor/RichTextEditor.js';
export { useEssayFeed } from './components/useEssayFeed.js';
export { type Details } from './api/essays.js';

export { WriteButton } from './components/WriteButton.js';
export { loadShareCardDialog } from './lazy.js';
