import type { CollectionFolder } from '@shiju/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const collectionHref = (id: number) => `/collection?id=${id}`;

/** Folders as cards: name, how many texts, followers, private or hidden; `actions` adds the owner's buttons. */
export function FolderGrid({ folders, actions }: { folders: CollectionFolder[]; actions?: (f: CollectionFolder) => ReactNode }) {
  return (
    <ul className="folder-grid">
      {folders.map((f) => (
        <li key={f.id} className="folder-card panel">
          {f.cover ? <img className="folder-card__cover" src={f.cover} alt="" loading="lazy" /> : null}
          <Link to={collectionHref(f.id)} className="folder-card__name">
            {f.name}
          </Link>
          <div className="folder-card__meta">
            <span>{f.itemCount} 篇</span>
            <span>{f.followerCount} 人关注</span>
            {f.isDefault ? <span className="folder-badge">默认</span> : null}
            {f.isPublic ? null : <span className="folder-badge">私密</span>}
            {f.hidden ? <span className="folder-badge">已被隐藏</span> : null}
          </div>
          {f.description ? <p className="folder-card__desc">{f.description}</p> : null}
          {actions ? <div className="folder-card__actions">{actions(f)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
