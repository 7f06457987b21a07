/**
 * Prose classics: 论语, 大学, 中庸, 孟子 (passages), 幽梦影, 增广贤文, 朱子家训 (sentences) and
 * 古文观止 (essays). Their keys are positions in the book, stable across runs.
 */
import { readCorpusJson } from '../corpus.js';
import { NOTE } from '../cleanup.js';
import type { Theme } from '../tagging.js';
import { cleanAuthor, type CorpusText } from '../texts.js';
import { listSource, type Source } from './source.js';

interface Chapter {
  chapter: string;
  paragraphs: string[];
}

/**
 * Maxim books break one saying over several lines ("两人一般心，无钱堪买金；" + "一人一般心，有钱难买针。");
 * a line ending in a comma, semicolon or colon continues on the next.
 */
export function joinSayings(lines: readonly string[]): string[] {
  const sayings: string[] = [];
  let pending = '';
  for (const line of lines) {
    pending += line.trim();
    if (pending && !/[，；：,;:]$/.test(pending)) {
      sayings.push(pending);
      pending = '';
    }
  }
  if (pending) sayings.push(pending);
  return sayings;
}

const PHILOSOPHY: Theme = { name: '哲理' };

export function lunyu(): Source {
  return listSource('lunyu', '论语', () =>
    readCorpusJson<Chapter[]>('lunyu/lunyu.json').flatMap((ch, c) => {
      const name = ch.chapter.replace(/篇$/, '');
      return ch.paragraphs.map((p, i): CorpusText => ({
        key: `lunyu:${c + 1}.${i + 1}`,
        work: `论语·${name}`,
        provenance: `论语·${name}篇`,
        paragraphs: [p],
        untitled: true,
        collection: '论语',
        collectionChild: name,
        classify: () => '书摘',
        defaultTheme: PHILOSOPHY,
        curated: true,
      }));
    }),
  );
}

/** 大学 and 中庸: one chapter each; every paragraph is a passage. */
export function daxueZhongyong(): Source {
  const books = [
    { file: 'sishuwujing/daxue.json', id: 'daxue', name: '大学' },
    { file: 'sishuwujing/zhongyong.json', id: 'zhongyong', name: '中庸' },
  ];
  return listSource('daxue-zhongyong', '大学·中庸', () =>
    books.flatMap((b) =>
      readCorpusJson<Chapter>(b.file).paragraphs.map((p, i): CorpusText => ({
        key: `${b.id}:${i + 1}`,
        work: b.name,
        provenance: b.name,
        paragraphs: [p],
        untitled: true,
        collection: '先秦',
        collectionChild: b.name,
        classify: () => '书摘',
        defaultTheme: PHILOSOPHY,
        curated: true,
      })),
    ),
  );
}

export function mengzi(): Source {
  return listSource('mengzi', '孟子', () =>
    readCorpusJson<Chapter[]>('sishuwujing/mengzi.json').flatMap((ch, c) =>
      ch.paragraphs.map((p, i): CorpusText => ({
        key: `mengzi:${c + 1}.${i + 1}`,
        work: `孟子·${ch.chapter}`,
        provenance: `孟子·${ch.chapter}`,
        paragraphs: [p],
        untitled: true,
        collection: '先秦',
        collectionChild: '孟子',
        classify: () => '书摘',
        defaultTheme: PHILOSOPHY,
      })),
    ),
  );
}

export function youmengying(): Source {
  return listSource('youmengying', '幽梦影', () =>
    readCorpusJson<{ content: string; comment?: string[] | string }[]>('youmengying/youmengying.json').map((s, i) => ({
      key: `youmengying:${i + 1}`,
      // The data writes a passage without remarks as an empty string, not an empty list.
      remarks: Array.isArray(s.comment) ? s.comment : s.comment ? [s.comment] : [],
      author: '张潮',
      work: '幽梦影',
      provenance: '幽梦影',
      paragraphs: [s.content],
      untitled: true,
      collection: '格言',
      collectionChild: '幽梦影',
      dynasty: '清',
      classify: () => '美句',
      defaultTheme: { name: '人生' },
      curated: true,
    })),
  );
}

/** 增广贤文: sayings on study and life's resolve encourage (励志); the rest are fine lines (美句). */
export function zengguang(): Source {
  return listSource('zengguang', '增广贤文', () => {
    const book = readCorpusJson<{ content: Chapter[] }>('mengxue/zengguangxianwen.json');
    return joinSayings(book.content.flatMap((c) => c.paragraphs)).map((s, i) => ({
      key: `zengguang:${i + 1}`,
      work: '增广贤文',
      provenance: '增广贤文',
      paragraphs: [s],
      untitled: true,
      collection: '格言',
      collectionChild: '增广贤文',
      dynasty: '明',
      classify: (theme) => (theme?.name === '读书' || theme?.child === '抱负' ? '励志' : '美句'),
      defaultTheme: { name: '人生' },
      curated: true,
    }));
  });
}

export function zhuziJiaxun(): Source {
  return listSource('zhuzi', '朱子家训', () =>
    joinSayings(readCorpusJson<{ paragraphs: string[] }>('mengxue/zhuzijiaxun.json').paragraphs).map((s, i) => ({
      key: `zhuzi:${i + 1}`,
      author: '朱柏庐',
      work: '朱子家训',
      provenance: '朱子家训',
      paragraphs: [s],
      untitled: true,
      collection: '格言',
      collectionChild: '朱子家训',
      dynasty: '清',
      classify: () => '励志',
      defaultTheme: { name: '哲理', child: '修身' },
      curated: true,
    })),
  );
}

interface GuwenPiece {
  chapter: string;
  source: string;
  author: string;
  paragraphs: string[];
}

/**
 * The edition's notes such as "(愍 一作：悯)" are editors' apparatus, kept out of the displayed text by the importer
 * (texts.ts); some span several paragraphs of the data, which would show as stray one-word paragraphs, so a note's
 * paragraphs are joined into one line where it starts.
 */
export function joinSpanningNotes(paragraphs: readonly string[]): string[] {
  return paragraphs
    .join('\n')
    .replace(NOTE, (note) => note.replace(/\s*\n\s*/g, ''))
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * 古文观止: pre-Qin pieces are filed under 先秦 by their book (《左传》, 《礼记·檀弓》 → 礼记), later
 * ones under 古文 by author.
 */
function guwenText(piece: GuwenPiece, key: string, juan: string): CorpusText {
  const book = /^《([^》·]+)/.exec(piece.source)?.[1];
  const preQin = piece.author.startsWith('先秦');
  return {
    key,
    essay: true,
    title: piece.chapter,
    author: piece.author,
    work: book ? `${book}·${piece.chapter}` : piece.chapter,
    provenance: `古文观止·${juan}`,
    paragraphs: joinSpanningNotes(piece.paragraphs),
    collection: preQin ? '先秦' : '古文',
    collectionChild: preQin ? book : cleanAuthor(piece.author),
    classify: () => '散文',
    curated: true,
  };
}

export function guwenguanzhi(): Source {
  return listSource('guwen', '古文观止', () =>
    readCorpusJson<{ content: { title: string; content: GuwenPiece[] }[] }>('mengxue/guwenguanzhi.json').content.flatMap((juan, j) =>
      // "卷一・周文": the 卷 is where a piece stands.
      juan.content.map((piece, i) => guwenText(piece, `guwen:${j + 1}.${i + 1}`, juan.title.split(/[·・]/)[0]!.trim())),
    ),
  );
}
