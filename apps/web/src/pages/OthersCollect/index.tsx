import { ReactedPage } from '../../components/people/ReactedPage.js';

/** /othersCollect?id= */
export default function OthersCollect() {
  return <ReactedPage kind="collect" />;
}
