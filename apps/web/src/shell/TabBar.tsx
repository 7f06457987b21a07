import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useUnreadCounts } from '../features/messages/index.js';
import { Icon } from '../components/ui/Icon.js';
import { AppstoreOutlined, BellOutlined, EditOutlined, HomeOutlined, UserOutlined } from '../components/ui/icons.js';
import { useSession } from '../hooks/useSession.js';
import { signInPath } from '../lib/navigation.js';
import { readLocal, STORAGE, writeLocal } from '../lib/storage.js';

/** Routes that hold the editor: the bar leaves them the whole screen. */
const EDITOR_ROUTES = ['/editorialEssay', '/imitative'];

interface Tab {
  key: string;
  label: string;
  to: string;
  icon: typeof HomeOutlined;
  /** Routes that light it up. */
  match: string[];
  /** Only for a signed-in reader: a visitor is sent to sign in, and back here after. */
  member?: boolean;
}

const TABS: Tab[] = [
  { key: 'home', label: '首页', to: '/home', icon: HomeOutlined, match: ['/home'] },
  { key: 'classify', label: '分类', to: '/classifyDetails', icon: AppstoreOutlined, match: ['/classifyDetails'] },
  { key: 'write', label: '写', to: '/editorialEssay', icon: EditOutlined, match: [], member: true },
  { key: 'inform', label: '消息', to: '/myInform', icon: BellOutlined, match: ['/myInform'], member: true },
  { key: 'me', label: '我的', to: '/space', icon: UserOutlined, match: ['/space', '/myInterest', '/myOrder'], member: true },
];

/** Whether a text field has the focus: on a phone, the on-screen keyboard is open. */
function useTyping(): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const isField = (el: Element | null) =>
      !!el && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || (el as HTMLElement).isContentEditable);
    const update = () => setTyping(isField(document.activeElement));
    // Focus leaving one field for another passes through <body>: decide once it has landed.
    const later = () => setTimeout(update, 0);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
    };
  }, []);
  return typing;
}

function UnreadDot() {
  const { data, isError } = useUnreadCounts();
  const count = isError ? 0 : (data?.total ?? 0);
  return count > 0 ? <span className="tab-bar__dot" aria-label={`${count} 条未读`} /> : null;
}

/**
 * The phone's navigation (under 768 px; CSS hides it above): 首页 · 分类 · 写 · 消息 · 我的, fixed at the bottom
 * above the safe area. 分类 opens the classification last read; 写/消息/我的 send a visitor to sign in and back. It
 * steps aside in the editor and while the keyboard is open; the page keeps room for it at its end.
 */
export function TabBar() {
  const user = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const typing = useTyping();

  // Remember the classification being read, for 分类.
  useEffect(() => {
    if (location.pathname === '/classifyDetails' && location.search) writeLocal(STORAGE.lastClassification, location.search);
  }, [location.pathname, location.search]);

  if (EDITOR_ROUTES.includes(location.pathname)) return null;

  const open = (tab: Tab) => (e: MouseEvent) => {
    if (tab.key !== 'classify') return;
    const last = readLocal(STORAGE.lastClassification);
    if (!last?.startsWith('?')) return;
    e.preventDefault();
    void navigate(tab.to + last);
  };

  return (
    <nav className={typing ? 'tab-bar is-typing' : 'tab-bar'} aria-label="底部导航">
      {TABS.map((tab) => {
        const active = tab.match.includes(location.pathname);
        const to = tab.member && !user ? signInPath(tab.to) : tab.to;
        return (
          <Link
            key={tab.key}
            to={to}
            className={active ? 'tab-bar__item is-active' : 'tab-bar__item'}
            aria-current={active ? 'page' : undefined}
            onClick={open(tab)}
          >
            <span className="tab-bar__icon">
              <Icon icon={tab.icon} />
              {tab.key === 'inform' && user ? <UnreadDot /> : null}
            </span>
            <span className="tab-bar__label">{tab.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
