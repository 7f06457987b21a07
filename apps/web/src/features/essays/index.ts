export { afterEssayRemoved, essayKeys, essayQueries, useDeleteEssay } from './api/essays.js';
export { openKeys, openQueries, seedOrigin } from './api/open.js';
export { EssayCard } from './components/EssayCard.js';
export { RandomSentenceCard, type SentenceFallback } from './components/RandomSentenceCard.js';
export { SourceLine } from './components/SourceLine.js';
export { CoverUpload } from './components/editor/CoverUpload.js';
export { EssayComposer, type EssayForm } from './components/editor/EssayComposer.js';
export { RichTextEditor } from './components/editor/RichTextEditor.js';
export { authorHref, essayHref, imitateHref, userHref, writeHref } from './components/links.js';
export { parseId } from './components/parseId.js';
export { useEnsureSignedIn } from './components/useEnsureSignedIn.js';
export { useEssayFeed } from './components/useEssayFeed.js';
export { type Details } from './api/essays.js';
export { charCount } from './limits.js';

export { WriteButton } from './components/WriteButton.js';
export { loadShareCardDialog } from './lazy.js';
