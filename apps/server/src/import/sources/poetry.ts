/**
 * Verse collections: 唐诗三百首, 千家诗, 诗经, 楚辞, Song ci, 五代词, 纳兰, 元曲 and the complete
 * Tang and Song poems. Poems carry no key of their own (see CorpusText.key).
 */
import { COLLECTION_TAGS, childName } from '../catalog.js';
import { corpusFileExists, estimateEntries, numberedFiles, readCorpusJson, type NumberedFile } from '../corpus.js';
import { alignHits, loadHitsIndex, rankKey, type RankEntry } from '../popularity.js';
import { cleanAuthor, firstPhrase, type CorpusText } from '../texts.js';
import { classifyPoem, listSource, type Source } from './source.js';

interface Poem {
  author?: string;
  title?: string;
  paragraphs: string[];
  tags?: string[];
}

interface Ci {
  author: string;
  rhythmic: string;
  paragraphs: string[];
}

interface Anthology<T> {
  content: { type: string; content: T[] }[];
}

function poem(
  collection: string,
  p: { title?: string; author?: string; paragraphs: readonly string[] },
  extra: Partial<CorpusText> = {},
): CorpusText {
  return {
    title: p.title,
    author: p.author,
    paragraphs: p.paragraphs,
    collection,
    collectionChild: cleanAuthor(p.author),
    classify: classifyPoem,
    ...extra,
  };
}

/** 苏轼《水调歌头·明月几时有》: a tune name alone says little, so add the opening phrase. */
function ciTitle(rhythmic: string, paragraphs: readonly string[]): string {
  if (/[·・]/.test(rhythmic)) return rhythmic;
  return `${rhythmic}·${firstPhrase(paragraphs[0] ?? '', 10)}`;
}

const ci = (c: Ci, extra: Partial<CorpusText> = {}) =>
  poem('宋词', { author: c.author, title: ciTitle(c.rhythmic, c.paragraphs), paragraphs: c.paragraphs }, extra);

/**
 * 唐诗三百首 with the popular wording (床前明月光), from mengxue/. The quantangshi/ copy keeps the
 * older wording but carries editors' labels (思乡, 送别…), borrowed here by author and title.
 */
export function tang300(): Source {
  return listSource('tang300', '唐诗三百首', () => {
    const labelled = readCorpusJson<Poem[]>('quantangshi/唐诗三百首.json');
    const labels = new Map(labelled.map((p) => [rankKey(p.author ?? '', p.title ?? ''), p.tags ?? []]));
    const hits = loadHitsIndex('poet.tang');
    const book = readCorpusJson<Anthology<{ chapter: string; author: string; paragraphs: string[] }>>('mengxue/tangshisanbaishou.json');
    return book.content.flatMap((section) =>
      section.content.map((p) => {
        const key = rankKey(p.author, p.chapter);
        return poem(
          '唐诗',
          { title: p.chapter, author: p.author, paragraphs: p.paragraphs },
          { labels: labels.get(key), hits: hits.get(key), curated: true, provenance: `唐诗三百首·${section.type}` },
        );
      }),
    );
  });
}

const DYNASTY_COLLECTION: Record<string, string> = { 唐: '唐诗', 宋: '宋诗' };

interface QianjiaEntry {
  chapter: string;
  author: string;
  /** A group of poems (秋兴八首) holds one `{ subchapter, paragraphs }` per poem instead of lines. */
  paragraphs: (string | { subchapter: string; paragraphs: string[] })[];
}

/** One poem per member of a group, titled 秋兴八首·其一. */
function ungroup(entry: QianjiaEntry): { title: string; paragraphs: string[] }[] {
  const lines = entry.paragraphs.filter((p): p is string => typeof p === 'string');
  const members = entry.paragraphs.filter((p) => typeof p !== 'string');
  return [
    ...(lines.length > 0 ? [{ title: entry.chapter, paragraphs: lines }] : []),
    ...members.map((m) => ({ title: `${entry.chapter}·${m.subchapter}`, paragraphs: m.paragraphs })),
  ];
}

/** 千家诗: Tang and Song poems mostly; authors are written "（唐）孟浩然". */
export function qianjiashi(): Source {
  return listSource('qianjiashi', '千家诗', () => {
    const hits = loadHitsIndex('poet.tang');
    const book = readCorpusJson<Anthology<QianjiaEntry>>('mengxue/qianjiashi.json');
    return book.content.flatMap((section) =>
      section.content.flatMap((entry) => {
        const dynasty = /^[（(](.)[）)]/.exec(entry.author)?.[1] ?? '';
        const collection = DYNASTY_COLLECTION[dynasty] ?? '古诗';
        const hit = hits.get(rankKey(cleanAuthor(entry.author) ?? '', entry.chapter));
        return ungroup(entry).map((p) =>
          poem(collection, { ...p, author: entry.author }, { hits: hit, curated: true, provenance: `千家诗·${section.type}` }),
        );
      }),
    );
  });
}

export function shuimoTang(): Source {
  return listSource('shuimo', '水墨唐诗', () =>
    readCorpusJson<Poem[]>('shuimotangshi/shuimotangshi.json').map((p) => poem('唐诗', p, { curated: true })),
  );
}

const SHIJING_CHILD: Record<string, string> = { 国风: '国风', 小雅: '小雅', 大雅: '大雅' };

export function shijing(): Source {
  return listSource('shijing', '诗经', () =>
    readCorpusJson<{ title: string; chapter: string; section: string; content: string[] }[]>('shijing/shijing.json').map((p) => ({
      title: p.title,
      work: `诗经·${p.section}·${p.title}`,
      provenance: `诗经·${p.chapter}·${p.section}`,
      paragraphs: p.content,
      collection: '诗经',
      // 周颂、鲁颂、商颂 are all filed under 颂.
      collectionChild: SHIJING_CHILD[p.chapter] ?? '颂',
      classify: classifyPoem,
      curated: true,
    })),
  );
}

export function chuci(): Source {
  return listSource('chuci', '楚辞', () =>
    readCorpusJson<{ title: string; section: string; author: string; content: string[] }[]>('chuci/chuci.json').map((p) =>
      poem(
        '楚辞',
        { title: p.title, author: p.author, paragraphs: p.content },
        { work: p.section === p.title ? p.title : `${p.section}·${p.title}`, curated: true, provenance: `楚辞·${p.section}` },
      ),
    ),
  );
}

export function caocao(): Source {
  return listSource('caocao', '曹操诗集', () =>
    readCorpusJson<{ title: string; paragraphs: string[] }[]>('caocaoshiji/caocao.json').map((p) =>
      poem('古诗', { ...p, author: '曹操' }, { dynasty: '汉', provenance: '曹操诗集' }),
    ),
  );
}

export function nantang(): Source {
  return listSource('nantang', '南唐二主词', () =>
    readCorpusJson<Poem[]>('wudaishici/nantang/poetrys.json').map((p) => poem('五代词', p, { curated: true, provenance: '南唐二主词' })),
  );
}

export function huajianji(): Source {
  const files = Array.from({ length: 10 }, (_, i) => `wudaishici/huajianji/huajianji-${i + 1 === 10 ? 'x' : i + 1}-juan.json`);
  return listSource('huajianji', '花间集', () =>
    files.flatMap((f, i) =>
      readCorpusJson<Ci[]>(f).map((c) =>
        poem(
          '五代词',
          { author: c.author, title: ciTitle(c.rhythmic, c.paragraphs), paragraphs: c.paragraphs },
          { provenance: `花间集·卷${'一二三四五六七八九十'[i]}` },
        ),
      ),
    ),
  );
}

export function nalan(): Source {
  return listSource('nalan', '纳兰词', () =>
    readCorpusJson<{ title: string; para: string[]; author: string }[]>('nalanxingde/纳兰性德诗集.json').map((p) =>
      poem('清词', { title: p.title, author: p.author, paragraphs: p.para }),
    ),
  );
}

export function yuanqu(): Source {
  return listSource('yuanqu', '元曲', () => readCorpusJson<Poem[]>('yuanqu/yuanqu.json').map((p) => poem('元曲', p)));
}

const songci300 = () => readCorpusJson<Ci[]>('songci/宋词三百首.json');

/** A data file's parallel rank file; a missing one only means no popularity signal. */
const readRanks = (relPath: string): RankEntry[] => (corpusFileExists(relPath) ? readCorpusJson<RankEntry[]>(relPath) : []);

const ciFiles = () => numberedFiles('songci', 'ci.song.');

/** Each ci file with the hits of its parallel rank file. */
function* rankedCi(files: readonly NumberedFile[]): Generator<{ ci: Ci; hits: number | undefined }> {
  for (const file of files) {
    const entries = readCorpusJson<Ci[]>(file.relPath);
    const ranks = readRanks(file.relPath.replace('songci/ci.song.', 'rank/ci/ci.song.rank.'));
    const hits = alignHits(entries, ranks, (c) => c.rhythmic);
    for (const [i, c] of entries.entries()) yield { ci: c, hits: hits[i] };
  }
}

const PER_TUNE = 2;

const openingOf = (c: Ci) => `${c.author}|${c.paragraphs[0] ?? ''}`;

/**
 * The starter's Song ci: 宋词三百首 plus the best-ranked ci of the poets the catalogue lists.
 * Hits are counted per (poet, tune) pair, so at most two ci of one pair are taken to keep variety.
 */
export function songciBest(limit = 400): Source {
  return listSource('songci-best', '宋词精选', () => {
    const hitsIndex = loadHitsIndex('ci.song');
    const anthology = songci300();
    const seen = new Set(anthology.map(openingOf));
    const famous = new Set(COLLECTION_TAGS.find((t) => t.name === '宋词')!.children.map(childName));
    const candidates = [...rankedCi(ciFiles())].filter(
      (r) => r.hits !== undefined && famous.has(r.ci.author) && !seen.has(openingOf(r.ci)),
    );
    candidates.sort((a, b) => b.hits! - a.hits!);
    const perTune = new Map<string, number>();
    const best: CorpusText[] = [];
    for (const { ci: c, hits } of candidates) {
      if (best.length >= limit) break;
      const pair = `${c.author}|${c.rhythmic}`;
      const n = perTune.get(pair) ?? 0;
      if (n >= PER_TUNE) continue;
      perTune.set(pair, n + 1);
      best.push(ci(c, { hits, provenance: '全宋词' }));
    }
    return [
      ...anthology.map((c) => ci(c, { hits: hitsIndex.get(rankKey(c.author, c.rhythmic)), curated: true, provenance: '宋词三百首' })),
      ...best,
    ];
  });
}

/** Every Song ci (about 21,000), file by file. */
export function songciAll(): Source {
  const files = ciFiles();
  return {
    id: 'songci',
    label: '全宋词',
    total: () => estimateEntries(files),
    *texts() {
      for (const { ci: c, hits } of rankedCi(files)) yield ci(c, { hits, provenance: '全宋词' });
    },
  };
}

/** The complete Tang (about 57,000) or Song (about 254,000) poems of quantangshi/, file by file. */
export function quantangshi(dynasty: 'tang' | 'song'): Source {
  const files = numberedFiles('quantangshi', `poet.${dynasty}.`);
  return {
    id: `quan${dynasty}`,
    label: dynasty === 'tang' ? '全唐诗' : '全宋诗',
    total: () => estimateEntries(files),
    *texts() {
      for (const file of files) {
        const poems = readCorpusJson<Poem[]>(file.relPath);
        const ranks = readRanks(file.relPath.replace('quantangshi/poet.', 'rank/poet/poet.').replace(/\.(\d+)\.json$/, '.rank.$1.json'));
        const hits = alignHits(poems, ranks, (p) => p.title ?? '');
        for (const [i, p] of poems.entries())
          yield poem(dynasty === 'tang' ? '唐诗' : '宋诗', p, { hits: hits[i], provenance: dynasty === 'tang' ? '全唐诗' : '全宋诗' });
      }
    },
  };
}
