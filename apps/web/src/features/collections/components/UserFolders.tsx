import { useQuery } from '@tanstack/react-query';
import { collectionQueries } from '../api/collections.js';
import { FolderGrid } from './FolderGrid.js';
import './collections.css';

/**
 * Someone's public 收藏夹 above the texts they collected (/othersCollect). Nothing when they keep collections private
 * or have none to show: the list below says so.
 */
export function UserFolders({ userId }: { userId: number }) {
  const query = useQuery(collectionQueries.ofUser(userId));
  const folders = query.data?.list ?? [];
  if (!folders.length) return null;
  return (
    <section className="user-folders" aria-label="收藏夹">
      <h3>收藏夹</h3>
      <FolderGrid folders={folders} />
      <h3>收藏的作品</h3>
    </section>
  );
}
