import { Link } from 'react-router';
import { IcpLink, useIcp } from './IcpLink.js';

/**
 * The footer's links within a tap on a phone (the footer itself waits beyond a list): in the drawer and under 我的,
 * the ICP 备案号 among them when the site has one.
 */
export function SiteLinks({ onNavigate }: { onNavigate?: () => void }) {
  const icp = useIcp();
  return (
    <nav className="site-links" aria-label="关于拾句">
      <Link to="/aboutOur" onClick={onNavigate}>
        关于我们
      </Link>
      <Link to="/agreement" onClick={onNavigate}>
        用户协议
      </Link>
      <Link to="/privacy" onClick={onNavigate}>
        隐私政策
      </Link>
      <Link to="/bulletinBoard" onClick={onNavigate}>
        公告
      </Link>
      {icp ? <IcpLink icp={icp} onNavigate={onNavigate} /> : null}
    </nav>
  );
}
