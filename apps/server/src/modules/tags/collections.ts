/**
 * Collection tags (唐诗, 楚辞, 五代词, 论语… and the poets, books or chapters under them) say where a classical text
 * comes from. The importer gives them to the corpus; on the site they fit only a quote from that collection, so the
 * editor offers them only for such a quote: a sentence of one's own is offered theme tags (思乡, 离别…). Editors and
 * the texts that already carry one keep them; a write is not refused for one.
 */
import { childName, COLLECTION_TAGS, type FirstLevelTag } from '../../import/catalog.js';

/** Who and what a text quotes (its era from the author's other texts when it has none of its own). */
export interface Quote {
  author: string | null;
  work: string | null;
  dynasty: string | null;
}

/** A tag with its parent's name (null for a first-level tag). */
export interface TagWithParent {
  id: number;
  name: string;
  parentName: string | null;
}

// eslint-disable-next-line no-restricted-syntax -- a lookup table built once from the contract's constant list; never written
const COLLECTIONS: ReadonlyMap<string, (typeof COLLECTION_TAGS)[number]> = new Map(COLLECTION_TAGS.map((c) => [c.name, c]));

/** The names a quote gives: its author and the parts of its work (论语·学而 → 论语, 学而). */
function namesOf(q: Quote): Set<string> {
  const work = (q.work ?? '').split(/[·・\s]+/).filter(Boolean);
  return new Set([...(q.author ? [q.author] : []), ...(q.work ? [q.work] : []), ...work]);
}

function collectionFits(c: FirstLevelTag, q: Quote, names: Set<string>): boolean {
  if (names.has(c.name) || c.children.some((child) => names.has(childName(child)))) return true;
  return q.dynasty !== null && (c.eras ?? []).includes(q.dynasty);
}

/**
 * Whether a text quoting `q` may carry the tag: any tag outside the collections; a collection when the quote is of
 * its era or names it or one of its entries (李白 → 唐诗, 张继 of 唐 → 唐诗, 论语·学而 → 论语); an entry under a
 * collection (唐诗 › 李白) when the quote names it.
 */
export function tagFitsQuote(tag: TagWithParent, q: Quote): boolean {
  const names = namesOf(q);
  if (tag.parentName === null) {
    const c = COLLECTIONS.get(tag.name);
    return !c || collectionFits(c, q, names);
  }
  return !COLLECTIONS.has(tag.parentName) || names.has(tag.name);
}
