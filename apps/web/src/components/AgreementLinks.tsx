import { Link } from 'react-router';

/** 《用户协议》和《隐私政策》, each opening in a new tab: where someone is asked to accept them. */
export function AgreementLinks() {
  return (
    <>
      <Link to="/agreement" target="_blank">
        《用户协议》
      </Link>
      和
      <Link to="/privacy" target="_blank">
        《隐私政策》
      </Link>
    </>
  );
}
