import { ReactedPage } from '../../components/ReactedPage.js';

/** /othersLike?id= */
export default function OthersLike() {
  return <ReactedPage kind="like" />;
}
