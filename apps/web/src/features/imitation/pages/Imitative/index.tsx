import { useSearchParams } from 'react-router';
import { parseId } from '../../../../lib/parseId.js';
import { ChallengePage } from './Challenge.js';
import { ImitateOriginal } from './ImitateOriginal.js';
import { WorthImitating } from './WorthImitating.js';
import './imitative.css';

/** /imitative: sentences worth imitating, (?id=) one original with the form to imitate it, or (?challenge=) a 每周仿写. */
export default function Imitative() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const challenge = parseId(params.get('challenge'));
  return (
    <div className="page page--reading imitative">
      {challenge ? <ChallengePage key={challenge} id={challenge} /> : id ? <ImitateOriginal key={id} id={id} /> : <WorthImitating />}
    </div>
  );
}
