import { ReactedPage } from '../../../people/index.js';
import { UserFolders } from '../../components/UserFolders.js';

/** /othersCollect?id=: their public 收藏夹, then the texts in them. */
export default function OthersCollect() {
  return <ReactedPage kind="collect" before={(userId) => <UserFolders userId={userId} />} />;
}
