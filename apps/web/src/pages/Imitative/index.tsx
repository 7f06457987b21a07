import { useSearchParams } from 'react-router';
import { parseId } from '../../components/essay/parseId.js';
import { ImitateOriginal } from './ImitateOriginal.js';
import { WorthImitating } from './WorthImitating.js';
import './imitative.css';

/** /imitative: sentences worth imitating, or (?id=) one original with the form to imitate it. */
export default function Imitative() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  return <div className="page page--reading imitative">{id ? <ImitateOriginal key={id} id={id} /> : <WorthImitating />}</div>;
}
