/**
 * The editorial catalogue of a fresh site: the 8 classifications, the two-level tag tree and which
 * first-level tags each classification shows. Theme tags carry the keywords the importer uses to
 * recognise them in a text; collection tags (唐诗, 论语…) are given by the source instead.
 */
import type { Db } from '../db/client.js';
import * as statements from './statements.js';
import { tagLetter } from '../lib/text.js';

export const CLASSIFICATIONS = [
  { name: '美句', description: '值得抄进本子里的句子：一句话的光亮，一生的回味。' },
  { name: '散文', description: '古今散文名篇，文以载道，也以抒怀。' },
  { name: '诗词', description: '诗经楚辞、唐诗宋词元曲，千年吟咏的韵律之美。' },
  { name: '情感', description: '相思与离别、友情与亲情，写给心里柔软的地方。' },
  { name: '励志', description: '修身立志、勤学惜时，给前行的人一点力气。' },
  { name: '影视台词', description: '电影与剧集里打动人心的台词。' },
  { name: '书摘', description: '从好书里摘下的段落与句子，经典常读常新。' },
  { name: '歌词', description: '可以唱的诗：经典与流行歌曲里的好词。' },
] as const;

export type ClassificationName = (typeof CLASSIFICATIONS)[number]['name'];

export interface ThemeChild {
  name: string;
  keywords: readonly string[];
}

/** A first-level tag. `people`: its children are person names (read with surname pinyin). */
export interface FirstLevelTag {
  name: string;
  children: readonly (string | ThemeChild)[];
  people?: boolean;
  /** Keywords that point to this theme besides its children's (theme tags only). */
  keywords?: readonly string[];
  /** The eras a collection's texts come from (collection tags only): a quote of that era may carry the tag. */
  eras?: readonly string[];
}

/** Collections: where a text comes from. The child is the author, section or chapter. */
export const COLLECTION_TAGS: readonly FirstLevelTag[] = [
  {
    name: '唐诗',
    eras: ['唐'],
    people: true,
    children: [
      '李白',
      '杜甫',
      '王维',
      '白居易',
      '李商隐',
      '杜牧',
      '孟浩然',
      '王昌龄',
      '刘禹锡',
      '韩愈',
      '柳宗元',
      '岑参',
      '高适',
      '李贺',
      '温庭筠',
      '韦应物',
      '元稹',
      '王之涣',
      '贺知章',
      '张九龄',
      '陈子昂',
      '王勃',
      '孟郊',
      '贾岛',
      '刘长卿',
      '崔颢',
      '张籍',
      '李益',
    ],
  },
  {
    name: '宋词',
    eras: ['宋'],
    people: true,
    children: [
      '苏轼',
      '辛弃疾',
      '李清照',
      '柳永',
      '晏殊',
      '晏几道',
      '欧阳修',
      '秦观',
      '周邦彦',
      '姜夔',
      '陆游',
      '岳飞',
      '范仲淹',
      '贺铸',
      '吴文英',
      '张先',
      '黄庭坚',
      '史达祖',
      '张炎',
      '王沂孙',
      '刘克庄',
      '蒋捷',
      '朱敦儒',
      '张孝祥',
      '周密',
      '晁补之',
      '李之仪',
      '陈与义',
    ],
  },
  {
    name: '宋诗',
    eras: ['宋'],
    people: true,
    children: [
      '苏轼',
      '陆游',
      '王安石',
      '杨万里',
      '范成大',
      '黄庭坚',
      '梅尧臣',
      '欧阳修',
      '朱熹',
      '文天祥',
      '陈与义',
      '林逋',
      '程颢',
      '叶绍翁',
    ],
  },
  { name: '诗经', eras: ['先秦'], children: ['国风', '小雅', '大雅', '颂'] },
  { name: '楚辞', eras: ['先秦'], people: true, children: ['屈原', '宋玉'] },
  {
    name: '论语',
    eras: ['先秦'],
    children: [
      '学而',
      '为政',
      '八佾',
      '里仁',
      '公冶长',
      '雍也',
      '述而',
      '泰伯',
      '子罕',
      '乡党',
      '先进',
      '颜渊',
      '子路',
      '宪问',
      '卫灵公',
      '季氏',
      '阳货',
      '微子',
      '子张',
      '尧曰',
    ],
  },
  { name: '先秦', eras: ['先秦'], children: ['孟子', '大学', '中庸', '左传', '国语', '战国策', '礼记', '公羊传', '谷梁传'] },
  {
    name: '古文',
    eras: ['先秦', '汉', '魏晋', '南北朝', '唐', '宋', '元', '明', '清'],
    people: true,
    children: [
      '司马迁',
      '诸葛亮',
      '陶渊明',
      '韩愈',
      '柳宗元',
      '欧阳修',
      '苏洵',
      '苏轼',
      '苏辙',
      '王安石',
      '曾巩',
      '范仲淹',
      '王守仁',
      '归有光',
    ],
  },
  { name: '古诗', eras: ['汉', '魏晋', '南北朝', '隋', '元', '明'], people: true, children: ['曹操', '陶渊明', '王冕', '于谦'] },
  { name: '五代词', eras: ['五代'], people: true, children: ['李煜', '李璟', '冯延巳', '温庭筠', '韦庄'] },
  { name: '元曲', eras: ['元'], people: true, children: ['关汉卿', '马致远', '白朴', '王实甫', '郑光祖', '张可久', '乔吉', '张养浩'] },
  { name: '清词', eras: ['清'], people: true, children: ['纳兰性德'] },
  { name: '格言', eras: ['明', '清'], children: ['增广贤文', '幽梦影', '朱子家训'] },
];

const kw = (name: string, keywords: string[]): ThemeChild => ({ name, keywords });

/** Themes: what a text is about, recognised by keywords (title hits count more, see tagging.ts). */
export const THEME_TAGS: readonly FirstLevelTag[] = [
  {
    name: '节日',
    children: [
      kw('春节', ['元日', '除夜', '除夕', '守岁', '屠苏', '岁除', '新年']),
      kw('元宵', ['元夕', '元宵', '上元', '花灯']),
      kw('清明', ['清明', '寒食']),
      kw('七夕', ['七夕', '乞巧', '牵牛', '织女', '鹊桥']),
      kw('中秋', ['中秋', '八月十五']),
      kw('重阳', ['重阳', '九日', '九月九', '茱萸']),
    ],
  },
  {
    name: '边塞',
    keywords: ['塞', '戍', '征人', '征夫', '羌笛', '胡马', '胡笳', '单于', '楼兰', '玉门', '烽火', '关山', '出塞', '凉州', '边'],
    children: [
      kw('征战', ['沙场', '铁衣', '将军', '从军', '战', '兵', '戈']),
      kw('报国', ['报国', '社稷', '山河', '国耻', '中原', '收复', '请缨', '丹心']),
    ],
  },
  {
    name: '离别',
    keywords: ['别', '离', '饯', '长亭', '折柳', '执手', '分手'],
    children: [kw('送别', ['送', '饯', '长亭', '南浦', '阳关', '别离']), kw('怀人', ['怀', '忆', '思君', '故人', '梦'])],
  },
  {
    name: '思乡',
    keywords: ['乡', '归', '月', '故国', '归雁'],
    children: [
      kw('乡愁', ['故乡', '乡心', '乡愁', '思乡', '故园', '家书', '归期', '明月']),
      kw('羁旅', ['客', '旅', '羁', '夜泊', '孤舟', '驿', '天涯', '漂泊']),
    ],
  },
  {
    name: '爱情',
    // Not 情 alone: 陈情表, 心情, 情怀 are not love; 情人, 情郎, 深情 are.
    keywords: ['情人', '情郎', '深情', '多情', '痴情', '郎', '妾', '佳人', '美人', '鸳鸯', '罗帐', '蛾眉', '淑女', '梳妆', '玉人'],
    children: [
      kw('相思', ['相思', '思君', '红豆', '锦书', '两情', '相忆']),
      kw('闺怨', ['闺', '宫怨', '怨', '罗衣', '空房', '深闺', '独守']),
    ],
  },
  {
    name: '友情',
    keywords: ['友', '君', '同游', '相逢'],
    children: [kw('知己', ['知己', '知音', '故人', '同心', '朋']), kw('寄赠', ['寄', '赠', '酬', '答', '和'])],
  },
  {
    name: '山水',
    keywords: ['山', '水', '溪', '泉', '峰', '云', '松', '瀑', '潭', '岭'],
    children: [
      kw('田园', ['田园', '田家', '农', '桑', '麻', '村', '耕', '锄', '牧', '篱']),
      kw('登高', ['登', '楼', '凭栏', '绝顶', '台']),
      kw('江河', ['江', '河', '湖', '海', '洞庭', '黄河', '长江']),
    ],
  },
  {
    name: '四季',
    keywords: [],
    children: [
      kw('春', ['春', '桃花', '杏花', '柳絮', '莺', '东风']),
      kw('夏', ['夏', '荷', '蝉', '炎', '暑', '蛙']),
      kw('秋', ['秋', '霜', '落叶', '枫', '西风']),
      kw('冬', ['冬', '雪', '岁暮', '冰', '寒梅']),
    ],
  },
  {
    name: '咏物',
    keywords: ['咏', '赋得'],
    children: [kw('梅', ['梅']), kw('兰', ['兰']), kw('竹', ['竹']), kw('菊', ['菊']), kw('柳', ['柳'])],
  },
  {
    name: '人生',
    keywords: ['人生', '浮生', '世事', '一生', '平生'],
    children: [
      kw('时光', ['光阴', '岁月', '年华', '流年', '白发', '老', '少年', '惜时']),
      kw('抱负', ['志', '功名', '壮', '青云', '万里', '鸿鹄']),
      kw('豁达', ['醉', '闲', '归去', '一笑', '何妨', '逍遥', '酒']),
    ],
  },
  {
    name: '哲理',
    keywords: ['君子', '小人', '道', '理', '是非', '智'],
    children: [
      kw('修身', ['修身', '德', '仁', '礼', '省', '慎', '诚', '义', '善']),
      kw('处世', ['处世', '人情', '交', '言', '忍', '让', '富贵', '贫']),
    ],
  },
  {
    name: '读书',
    keywords: ['读书', '书', '读', '文章', '诗书'],
    children: [kw('劝学', ['学', '勤', '劝学', '少壮']), kw('治学', ['问', '思', '师', '知'])],
  },
];

export const childName = (child: string | ThemeChild) => (typeof child === 'string' ? child : child.name);

/** First-level tags shown on each classification's page, in display order. */
const CLASSIFICATION_TAGS: Record<ClassificationName, readonly string[]> = {
  美句: ['格言', '人生', '四季', '哲理', '山水', '爱情'],
  散文: ['古文', '先秦', '哲理', '山水', '人生'],
  诗词: [
    '唐诗',
    '宋词',
    '宋诗',
    '诗经',
    '楚辞',
    '五代词',
    '元曲',
    '清词',
    '古诗',
    '山水',
    '四季',
    '思乡',
    '离别',
    '边塞',
    '咏物',
    '节日',
    '友情',
    '爱情',
  ],
  情感: ['爱情', '友情', '离别', '思乡'],
  励志: ['人生', '读书', '哲理', '格言'],
  影视台词: ['人生', '爱情', '友情'],
  书摘: ['论语', '先秦', '格言', '读书', '哲理'],
  歌词: ['爱情', '四季', '离别', '友情'],
};

/** Ids of the catalogue rows, looked up by name. */
export interface Catalog {
  classificationId(name: ClassificationName): number;
  /** A first-level tag (parent omitted) or a second-level tag under `parent`; undefined when absent. */
  tagId(name: string, parent?: string): number | undefined;
}

/** Classifications have no unique key, so insert only the names not present yet. */
async function ensureClassifications(db: Db): Promise<Map<string, number>> {
  for (const [i, c] of CLASSIFICATIONS.entries()) {
    await statements.ensureClassification(db, { name: c.name, description: c.description, sort: (i + 1) * 10 });
  }
  const rows = await statements.classificationIds(db);
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function ensureTags(db: Db): Promise<Map<string, number>> {
  const tree = [...COLLECTION_TAGS, ...THEME_TAGS];
  await statements.insertTags(
    db,
    tree.map((t, i) => ({ name: t.name, letter: tagLetter(t.name), sort: (i + 1) * 10 })),
  );
  const firstLevel = await statements.firstLevelTags(db);
  const parentIds = new Map(firstLevel.map((r) => [r.name, r.id]));
  const children = tree.flatMap((t) =>
    t.children.map((c, i) => {
      const name = childName(c);
      return { name, parentId: parentIds.get(t.name)!, letter: tagLetter(name, { person: t.people }), sort: (i + 1) * 10 };
    }),
  );
  await statements.insertTags(db, children);
  const all = await statements.allTags(db);
  const byId = new Map(all.map((r) => [r.id, r.name]));
  return new Map(all.map((r) => [tagKey(r.name, r.parentId === null ? undefined : byId.get(r.parentId)), r.id]));
}

const tagKey = (name: string, parent?: string) => (parent ? `${parent}/${name}` : name);

async function ensureClassificationTags(db: Db, classIds: Map<string, number>, tagIds: Map<string, number>) {
  const rows = Object.entries(CLASSIFICATION_TAGS).flatMap(([c, names]) =>
    names.map((name, i) => ({ classificationId: classIds.get(c)!, tagId: tagIds.get(name)!, sort: (i + 1) * 10 })),
  );
  await statements.insertClassificationTags(db, rows);
}

/** Create whatever part of the catalogue is missing (idempotent) and return its ids. */
export async function ensureCatalog(db: Db): Promise<Catalog> {
  const classIds = await ensureClassifications(db);
  const tagIds = await ensureTags(db);
  await ensureClassificationTags(db, classIds, tagIds);
  return {
    classificationId(name) {
      const id = classIds.get(name);
      if (id === undefined) throw new Error(`classification missing: ${name}`);
      return id;
    },
    tagId: (name, parent) => tagIds.get(tagKey(name, parent)),
  };
}

export { linkUsedTags } from './statements.js';
