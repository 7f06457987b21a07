export {
  afterEssayRemoved,
  essayQueries,
  takeOwedView,
  useDeleteEssay,
  useDetailsCache,
  useEssayView,
  useNotInterested,
  useReaction,
  type Details,
} from './api/essays.js';
export { openQueries, seedOrigin } from './api/open.js';
export { Counters } from './components/Counters.js';
export { EssayCard } from './components/EssayCard.js';
export { MiniEssayCard } from './components/MiniEssayCard.js';
export { RandomSentenceCard, type SentenceFallback } from './components/RandomSentenceCard.js';
export { CreditText, PosterNote, SourceLine } from './components/SourceLine.js';
export { CoverUpload } from './components/editor/CoverUpload.js';
export { EssayComposer, type EssayForm, type SaveIntent } from './components/editor/EssayComposer.js';
export { RichTextEditor } from './components/editor/RichTextEditor.js';
export { useEssayFeed } from './components/useEssayFeed.js';

export { WriteButton } from './components/WriteButton.js';
export { loadShareCardDialog } from './lazy.js';
