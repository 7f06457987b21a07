import { Link } from 'react-router';
import { IcpLink, useIcp } from '../features/site/index.js';

export function Footer() {
  const icp = useIcp();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav className="footer__links" aria-label="页脚">
          <Link to="/aboutOur">关于我们</Link>
          <Link to="/bulletinBoard">公告</Link>
          <Link to="/leaderboard">排行榜</Link>
          <Link to="/bestWeek">每周精选</Link>
        </nav>
        <p className="footer__motto serif">拾起散落的好句子，也写下自己的。</p>
        <p className="footer__copy">© 2026 拾句</p>
        {icp ? (
          <p className="footer__icp">
            <IcpLink icp={icp} />
          </p>
        ) : null}
      </div>
    </footer>
  );
}
