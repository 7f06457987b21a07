import { ReactedPage } from '../../components/people/ReactedPage.js';

/** /othersLike?id= */
export default function OthersLike() {
  return <ReactedPage kind="like" />;
}
