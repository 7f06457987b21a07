import type { SearchHit, SearchType } from '@shiju/contract';
import { Link } from 'react-router';
import { Highlight, HighlightedEssayCard, tagHref, useTagHomes } from '../../components/index.js';
import { UserAvatar } from '../../../../components/UserAvatar.js';
import { formatCount } from '../../../../lib/format.js';

type HitOf<K extends SearchHit['kind']> = Extract<SearchHit, { kind: K }>;

interface HitProps<K extends SearchHit['kind']> {
  item: HitOf<K>;
  words: readonly string[];
}

export function UserHitCard({ item, words }: HitProps<'user'>) {
  return (
    <Link to={`/othersInfor?id=${item.id}`} className="search-user panel">
      <UserAvatar user={item} size={48} />
      <div className="search-user__text">
        <p className="search-user__name">
          <Highlight text={item.nickname} words={words} />
        </p>
        <p className="search-user__bio">{item.bio || '这个人还没有写简介。'}</p>
      </div>
      <p className="search-user__counts">
        <span>作品 {formatCount(item.essays)}</span>
        <span>粉丝 {formatCount(item.followers)}</span>
      </p>
    </Link>
  );
}

/** Tags lead to their classification page (filtered by the tag) once it is known which one holds them. */
export function TagHitCard({ item, words, homes }: HitProps<'tag'> & { homes: Map<number, number> | undefined }) {
  return (
    <Link to={tagHref(item, homes)} className="search-tag panel">
      <span className="search-tag__name serif">
        <span className="search-tag__hash" aria-hidden="true">
          #
        </span>
        <Highlight text={item.name} words={words} />
      </span>
      <span className="search-tag__meta">
        {item.parentId === null ? '一级标签' : '二级标签'} · {formatCount(item.essayCount)} 篇作品
      </span>
    </Link>
  );
}

/** A text of my own library: the card, the 收藏夹 holding it, and my passages on it that matched with their 想法. */
export function MineHitCard({ item, words }: HitProps<'mine'>) {
  return (
    <div className="search-mine">
      <HighlightedEssayCard essay={item} words={words} />
      {item.folders.length || item.marks.length ? (
        <div className="search-mine__own">
          {item.folders.length ? (
            <p className="search-mine__folders">
              收在
              {item.folders.map((f) => (
                <Link key={f.id} to={`/collection?id=${f.id}`}>
                  {f.name}
                </Link>
              ))}
            </p>
          ) : null}
          {item.marks.map((m) => (
            <div key={m.id} className="search-mine__mark">
              <blockquote className="serif">
                <Highlight text={m.quote} words={words} />
              </blockquote>
              {m.thought ? (
                <p className="search-mine__thought">
                  想法：
                  <Highlight text={m.thought} words={words} />
                </p>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The tag homes load only when tag results are on screen. */
export function useHitRenderer(type: SearchType, words: readonly string[]) {
  const homes = useTagHomes(type === 'tag');
  return (item: SearchHit) => {
    switch (item.kind) {
      case 'user':
        return <UserHitCard item={item} words={words} />;
      case 'tag':
        return <TagHitCard item={item} words={words} homes={homes} />;
      case 'essay':
        return <HighlightedEssayCard essay={item} words={words} />;
      case 'mine':
        return <MineHitCard item={item} words={words} />;
    }
  };
}
