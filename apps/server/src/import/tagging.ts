/**
 * What an imported text is about: a theme tag (and sub-theme) found from keywords and from the
 * data set's own labels, and the 1–3 tags it finally carries.
 */
import { childName, THEME_TAGS, type FirstLevelTag, type ThemeChild } from './catalog.js';

export interface Theme {
  name: string;
  child?: string;
}

/** A tag to attach: first-level when `parent` is absent. */
export interface TagRef {
  name: string;
  parent?: string;
}

/**
 * Labels found in the data (唐诗三百首 carries 思乡, 送别, 秋天…) mapped onto our themes. They are
 * editors' judgements, so they outweigh keyword guesses.
 */
const LABEL_THEMES: Record<string, Theme> = {
  思乡: { name: '思乡', child: '乡愁' },
  思归: { name: '思乡', child: '乡愁' },
  羁旅: { name: '思乡', child: '羁旅' },
  送别: { name: '离别', child: '送别' },
  离别: { name: '离别' },
  惜别: { name: '离别', child: '送别' },
  怀人: { name: '离别', child: '怀人' },
  边塞: { name: '边塞' },
  战争: { name: '边塞', child: '征战' },
  爱国: { name: '边塞', child: '报国' },
  山水: { name: '山水' },
  田园: { name: '山水', child: '田园' },
  登高: { name: '山水', child: '登高' },
  爱情: { name: '爱情' },
  相思: { name: '爱情', child: '相思' },
  闺怨: { name: '爱情', child: '闺怨' },
  宫怨: { name: '爱情', child: '闺怨' },
  友情: { name: '友情' },
  春天: { name: '四季', child: '春' },
  夏天: { name: '四季', child: '夏' },
  秋天: { name: '四季', child: '秋' },
  冬天: { name: '四季', child: '冬' },
  中秋: { name: '节日', child: '中秋' },
  中秋节: { name: '节日', child: '中秋' },
  重阳节: { name: '节日', child: '重阳' },
  寒食节: { name: '节日', child: '清明' },
  清明: { name: '节日', child: '清明' },
  春节: { name: '节日', child: '春节' },
  咏物: { name: '咏物' },
  梅花: { name: '咏物', child: '梅' },
  哲理: { name: '哲理' },
  励志: { name: '人生', child: '抱负' },
  人生: { name: '人生' },
  惜时: { name: '人生', child: '时光' },
};

const LABEL_WEIGHT = 6;
/** A theme needs one title hit or two body hits before it is believed. */
const MIN_THEME_SCORE = 2;

/** Title hits weigh 3, body hits 1; two-character keywords are more telling than single characters. */
function keywordScore(keywords: readonly string[], title: string, body: string): number {
  let score = 0;
  for (const k of keywords) {
    const weight = k.length > 1 ? 2 : 1;
    if (title.includes(k)) score += 3 * weight;
    if (body.includes(k)) score += weight;
  }
  return score;
}

function bestChild(theme: FirstLevelTag, title: string, body: string, labelled?: string): { name?: string; score: number } {
  let best: { name?: string; score: number } = { score: 0 };
  for (const child of theme.children as readonly ThemeChild[]) {
    const score = keywordScore(child.keywords, title, body) + (labelled === child.name ? LABEL_WEIGHT : 0);
    if (score > best.score) best = { name: child.name, score };
  }
  return best;
}

/** The strongest theme of a text, or undefined when nothing is convincing. */
export function detectTheme(title: string, body: string, labels: readonly string[] = []): Theme | undefined {
  const labelled = labels.map((l) => LABEL_THEMES[l]).filter((t): t is Theme => t !== undefined);
  let best: { theme: Theme; score: number } | undefined;
  for (const theme of THEME_TAGS) {
    const fromLabels = labelled.filter((l) => l.name === theme.name);
    const child = bestChild(theme, title, body, fromLabels.find((l) => l.child)?.child);
    const score = keywordScore(theme.keywords ?? [], title, body) + child.score + (fromLabels.length ? LABEL_WEIGHT : 0);
    if (score >= MIN_THEME_SCORE && (!best || score > best.score)) best = { theme: { name: theme.name, child: child.name }, score };
  }
  return best?.theme;
}

const MAX_TAGS = 3;

/**
 * The tags a text carries: its collection (with the author/section under it when the catalogue
 * has one), then its theme. A second-level tag always comes with its parent, so browsing a
 * first-level tag finds every text under it; that is why a theme's child is only added when
 * there is room for both.
 */
export function chooseTags(collection: { name: string; child?: string }, theme: Theme | undefined): TagRef[] {
  const picked: TagRef[] = [{ name: collection.name }];
  if (collection.child) picked.push({ name: collection.child, parent: collection.name });
  if (theme) {
    picked.push({ name: theme.name });
    if (theme.child && picked.length < MAX_TAGS) picked.push({ name: theme.child, parent: theme.name });
  }
  return picked.slice(0, MAX_TAGS);
}

/** The catalogue's child of `first` called `name`, if it has one (e.g. 李白 under 唐诗). */
export function knownChild(first: FirstLevelTag | undefined, name: string | undefined): string | undefined {
  if (!first || !name) return undefined;
  return first.children.some((c) => childName(c) === name) ? name : undefined;
}
