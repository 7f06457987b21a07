import type { Essay } from '@shiju/contract';
import { EssayCard } from '../../essays/index.js';
import { Highlight } from './Highlight.js';

/** EssayCard for search results: the same card with the matched words marked in its title, text and source. */
export function HighlightedEssayCard({ essay, words }: { essay: Essay; words: readonly string[] }) {
  return <EssayCard essay={essay} renderText={(text) => <Highlight text={text} words={words} />} />;
}
