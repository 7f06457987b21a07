/**
 * The labelled search set: real queries a reader types, each with the text(s) that should come back.
 * Committed before the ranking was tuned; `test/search.test.ts` holds the starter library to precision@3 ≥ 0.9 on
 * it and `npm run bench` prints precision@3 and MRR for it.
 *
 * A hit answers a query when it meets every field of one of its expectations: `title` — the title is it or starts
 * with it (ci titles carry their opening: 水调歌头·明月几时有); `author` — the source line names them (李白《静夜思》);
 * `text` — the summary contains it; `tag` — the text carries that tag.
 */
export interface Expected {
  title?: string;
  author?: string;
  text?: string;
  tag?: string;
}

export type LabelKind = 'line' | 'half line' | 'author' | 'work' | 'author and work' | 'traditional' | 'pinyin' | 'typo' | 'modern';

export interface Label {
  q: string;
  kind: LabelKind;
  expect: Expected[];
}

const t = (title: string, author?: string): Expected => (author ? { title, author } : { title });

const LIBAI = [t('静夜思', '李白'), t('将进酒', '李白'), t('蜀道难', '李白'), t('早发白帝城', '李白'), t('月下独酌', '李白')];
const DUFU = [t('春望', '杜甫'), t('望岳', '杜甫'), t('登高', '杜甫'), t('绝句', '杜甫')];
const SUSHI = [t('水调歌头', '苏轼'), t('念奴娇', '苏轼'), t('江城子', '苏轼'), t('江神子', '苏轼'), t('前赤壁赋', '苏轼')];
const LIQINGZHAO = [t('声声慢', '李清照'), t('如梦令', '李清照'), t('一剪梅', '李清照'), t('醉花阴', '李清照'), t('武陵春', '李清照')];
const WANGWEI = [t('相思', '王维'), t('九月九日忆山东兄弟', '王维'), t('山居秋暝', '王维'), t('鹿柴', '王维')];

export const SEARCH_LABELS: Label[] = [
  // Whole lines.
  { q: '床前明月光', kind: 'line', expect: [t('静夜思', '李白')] },
  { q: '白日依山尽', kind: 'line', expect: [t('登鹳雀楼', '王之涣')] },
  { q: '春眠不觉晓', kind: 'line', expect: [t('春晓', '孟浩然')] },
  { q: '海内存知己', kind: 'line', expect: [t('送杜少府之任蜀州', '王勃')] },
  { q: '会当凌绝顶', kind: 'line', expect: [t('望岳', '杜甫')] },
  { q: '独在异乡为异客', kind: 'line', expect: [t('九月九日忆山东兄弟', '王维')] },
  { q: '红豆生南国', kind: 'line', expect: [t('相思', '王维')] },
  { q: '慈母手中线', kind: 'line', expect: [t('游子吟', '孟郊')] },
  { q: '国破山河在', kind: 'line', expect: [t('春望', '杜甫')] },
  { q: '千山鸟飞绝', kind: 'line', expect: [t('江雪', '柳宗元')] },
  { q: '明月几时有', kind: 'line', expect: [t('水调歌头', '苏轼')] },
  { q: '寻寻觅觅 冷冷清清', kind: 'line', expect: [t('声声慢', '李清照')] },
  { q: '春花秋月何时了', kind: 'line', expect: [t('虞美人', '李煜')] },
  { q: '对酒当歌，人生几何', kind: 'line', expect: [t('短歌行', '曹操')] },
  { q: '关关雎鸠，在河之洲', kind: 'line', expect: [t('关雎')] },
  { q: '人生若只如初见', kind: 'line', expect: [t('木兰花令', '纳兰性德')] },
  { q: '学而时习之', kind: 'line', expect: [{ text: '学而时习之' }] },
  { q: '先天下之忧而忧', kind: 'line', expect: [t('岳阳楼记', '范仲淹')] },
  { q: '月落乌啼霜满天', kind: 'line', expect: [t('枫桥夜泊', '张继')] },
  { q: '蒹葭苍苍，白露为霜', kind: 'line', expect: [t('蒹葭')] },
  // Half lines and fragments.
  { q: '疑是地上霜', kind: 'half line', expect: [t('静夜思', '李白')] },
  { q: '欲穷千里目', kind: 'half line', expect: [t('登鹳雀楼', '王之涣')] },
  { q: '夜来风雨声', kind: 'half line', expect: [t('春晓', '孟浩然')] },
  { q: '天涯若比邻', kind: 'half line', expect: [t('送杜少府之任蜀州', '王勃')] },
  { q: '每逢佳节倍思亲', kind: 'half line', expect: [t('九月九日忆山东兄弟', '王维')] },
  { q: '一览众山小', kind: 'half line', expect: [t('望岳', '杜甫')] },
  { q: '此物最相思', kind: 'half line', expect: [t('相思', '王维')] },
  { q: '山重水复疑无路', kind: 'half line', expect: [t('游山西村', '陆游')] },
  // Authors.
  { q: '李白', kind: 'author', expect: LIBAI },
  { q: '杜甫', kind: 'author', expect: DUFU },
  { q: '王之涣', kind: 'author', expect: [t('登鹳雀楼', '王之涣'), t('凉州词', '王之涣')] },
  { q: '李清照', kind: 'author', expect: LIQINGZHAO },
  { q: '苏轼', kind: 'author', expect: SUSHI },
  { q: '王维', kind: 'author', expect: WANGWEI },
  { q: '纳兰性德', kind: 'author', expect: [{ author: '纳兰性德' }] },
  // Works.
  { q: '静夜思', kind: 'work', expect: [t('静夜思', '李白')] },
  { q: '岳阳楼记', kind: 'work', expect: [t('岳阳楼记', '范仲淹')] },
  { q: '将进酒', kind: 'work', expect: [t('将进酒', '李白')] },
  { q: '长恨歌', kind: 'work', expect: [t('长恨歌', '白居易')] },
  { q: '琵琶行', kind: 'work', expect: [t('琵琶行', '白居易')] },
  { q: '蜀道难', kind: 'work', expect: [t('蜀道难', '李白')] },
  { q: '桃花源记', kind: 'work', expect: [t('桃花源记', '陶渊明')] },
  { q: '陋室铭', kind: 'work', expect: [t('陋室铭', '刘禹锡')] },
  { q: '离骚', kind: 'work', expect: [t('离骚', '屈原')] },
  { q: '声声慢', kind: 'work', expect: [t('声声慢', '李清照')] },
  // Author and work together.
  { q: '李白《静夜思》', kind: 'author and work', expect: [t('静夜思', '李白')] },
  { q: '静夜思 李白', kind: 'author and work', expect: [t('静夜思', '李白')] },
  { q: '苏轼 水调歌头', kind: 'author and work', expect: [t('水调歌头', '苏轼')] },
  { q: '王之涣 登鹳雀楼', kind: 'author and work', expect: [t('登鹳雀楼', '王之涣')] },
  { q: '范仲淹《岳阳楼记》', kind: 'author and work', expect: [t('岳阳楼记', '范仲淹')] },
  // Traditional characters.
  { q: '白日依山盡', kind: 'traditional', expect: [t('登鹳雀楼', '王之涣')] },
  { q: '靜夜思', kind: 'traditional', expect: [t('静夜思', '李白')] },
  { q: '國破山河在', kind: 'traditional', expect: [t('春望', '杜甫')] },
  { q: '蘇軾', kind: 'traditional', expect: SUSHI },
  { q: '關關雎鳩', kind: 'traditional', expect: [t('关雎')] },
  { q: '岳陽樓記', kind: 'traditional', expect: [t('岳阳楼记', '范仲淹')] },
  // Pinyin, full and initials.
  { q: 'libai', kind: 'pinyin', expect: LIBAI },
  { q: 'li bai', kind: 'pinyin', expect: LIBAI },
  { q: 'jingyesi', kind: 'pinyin', expect: [t('静夜思', '李白')] },
  { q: 'dengguanquelou', kind: 'pinyin', expect: [t('登鹳雀楼', '王之涣')] },
  { q: 'dufu', kind: 'pinyin', expect: DUFU },
  { q: 'jys', kind: 'pinyin', expect: [t('静夜思', '李白')] },
  { q: 'changhenge', kind: 'pinyin', expect: [t('长恨歌', '白居易')] },
  // One wrong character.
  { q: '白日依山进', kind: 'typo', expect: [t('登鹳雀楼', '王之涣')] },
  { q: '春眠不觉晚', kind: 'typo', expect: [t('春晓', '孟浩然')] },
  { q: '举头望名月', kind: 'typo', expect: [t('静夜思', '李白')] },
  { q: '海内存知已', kind: 'typo', expect: [t('送杜少府之任蜀州', '王勃')] },
  // Full-width and spacing.
  { q: '　床前明月光　', kind: 'line', expect: [t('静夜思', '李白')] },
  { q: 'ＬＩＢＡＩ', kind: 'pinyin', expect: LIBAI },
  // Modern words: the texts filed under that theme.
  { q: '思乡', kind: 'modern', expect: [{ tag: '思乡' }] },
  { q: '送别', kind: 'modern', expect: [{ tag: '送别' }] },
  { q: '爱情', kind: 'modern', expect: [{ tag: '爱情' }] },
];

/** The fields of a result the judge looks at (an essay card of the search page). */
export interface JudgedHit {
  title: string | null;
  source: string | null;
  summary: string;
  tags: { name: string }[];
}

export function answers(hit: JudgedHit, e: Expected): boolean {
  if (e.title !== undefined && !(hit.title ?? '').startsWith(e.title)) return false;
  if (e.author !== undefined && !(hit.source ?? '').includes(e.author)) return false;
  if (e.text !== undefined && !hit.summary.includes(e.text)) return false;
  if (e.tag !== undefined && !hit.tags.some((g) => g.name === e.tag)) return false;
  return true;
}

export interface QualityResult {
  precisionAt3: number;
  mrr: number;
  misses: { q: string; kind: LabelKind; rank: number | null; top: string[] }[];
}

/** Runs every labelled query through `search` (the first page of essay results) and scores the answers. */
export async function judgeSearch(search: (q: string) => Promise<JudgedHit[]>, labels = SEARCH_LABELS): Promise<QualityResult> {
  let inTop3 = 0;
  let rr = 0;
  const misses: QualityResult['misses'] = [];
  for (const label of labels) {
    const hits = await search(label.q);
    const index = hits.findIndex((h) => label.expect.some((e) => answers(h, e)));
    const rank = index < 0 ? null : index + 1;
    if (rank !== null && rank <= 3) inTop3++;
    else misses.push({ q: label.q, kind: label.kind, rank, top: hits.slice(0, 3).map((h) => `${h.title ?? ''} ${h.source ?? ''}`.trim()) });
    if (rank !== null) rr += 1 / rank;
  }
  return { precisionAt3: inTop3 / labels.length, mrr: rr / labels.length, misses };
}
