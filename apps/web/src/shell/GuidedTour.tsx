import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../components/ui/Button.js';
import { Icon } from '../components/ui/Icon.js';
import { CloseOutlined } from '../components/ui/icons.js';
import { appShown } from './serverPage.js';
import { markTourSeen, tourSeen } from '../lib/tour.js';

/** docs/rules.md#front-end-constants: the tour's mask leaves 6 px around its target, with corners of radius 2. */
const GAP = { offset: 6, radius: 2 };
/** Space between the lit target and the panel, and the panel's width. */
const PANEL_MARGIN = 12;
const PANEL_WIDTH = 284;

/** The only page a first visit's tour starts on: a reader who arrives on a shared text came to read, not to be shown round. */
const START = '/home';

interface Step {
  el: HTMLElement;
  title: string;
  description: string;
}

// Laid out and shown (getClientRects, not offsetParent, which is null for the fixed tab bar).
const visible = (el: Element | null): el is HTMLElement => el instanceof HTMLElement && el.getClientRects().length > 0;

/** The header's parts, those that are on screen: the wide header's, or the phone header's menu button. */
function tourSteps(): Step[] {
  const $ = (selector: string) => document.querySelector(selector);
  const parts: { el: Element | null; title: string; description: string }[] = [
    { el: $('.header__desktop a[href="/classifyDetails"]'), title: '分类', description: '按美句、散文、诗词等分类，再按标签慢慢翻。' },
    {
      el: $('.header__desktop a[href="/leaderboard"]'),
      title: '排行榜',
      description: '日榜、周榜、月榜和总榜：大家最近在读、在喜欢的句子。',
    },
    { el: $('.header__desktop .search-box'), title: '搜索', description: '按字词、作者或标签找句子，也能找到写句子的人。' },
    { el: $('.header__desktop .write-button'), title: '写句子', description: '写下你自己的句子或美文；登录后就能发布。' },
    { el: $('.header__desktop .message-bell'), title: '通知', description: '有人喜欢、评论、仿写或关注你时，铃铛会提醒你。' },
    { el: $('.header__mobile a[href="/globalSearch"]'), title: '搜索', description: '按字词、作者或标签找句子，也支持拼音。' },
    {
      el: $('.header__mobile .header__menu-button'),
      title: '菜单',
      description: '排行榜、每周精选、仿写和公告都在这里。',
    },
    { el: $('.tab-bar'), title: '底部导航', description: '首页、分类、写句子、消息和我的，一点就到。' },
  ];
  return parts.filter((p): p is Step => visible(p.el));
}

interface Placement {
  hole: { left: number; top: number; width: number; height: number };
  /** `top` places the panel below the target; `bottom` (from the window's bottom edge) above it. */
  panel: { left: number; top?: number; bottom?: number };
  arrowLeft: number;
  above: boolean;
}

/**
 * The lit box around the target and the panel beside it, kept inside the window: below the target, or above it when
 * the target sits in the lower half (the phone's tab bar), so the panel's buttons are never off screen.
 */
function place(el: HTMLElement): Placement {
  const r = el.getBoundingClientRect();
  const hole = { left: r.left - GAP.offset, top: r.top - GAP.offset, width: r.width + 2 * GAP.offset, height: r.height + 2 * GAP.offset };
  const width = Math.min(PANEL_WIDTH, window.innerWidth - 16);
  const centre = r.left + r.width / 2;
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, centre - width / 2));
  const above = r.top + r.height / 2 > window.innerHeight / 2;
  return {
    hole,
    panel: above ? { left, bottom: window.innerHeight - hole.top + PANEL_MARGIN } : { left, top: hole.top + hole.height + PANEL_MARGIN },
    arrowLeft: Math.max(12, Math.min(width - 12, centre - left)),
    above,
  };
}

/**
 * A short tour of the header for first-time visitors, shown once per browser (closing it counts as seen), and
 * again whenever asked (关于我们 has a button). Loaded on demand by TourHost: readers who saw it never load it.
 * Drawn in the page's own markup (ui.css): a dark mask with the target lit, a panel with 上一步 / 下一步 /
 * 结束导览; the panel is placed before it is first painted, so nothing on the page moves.
 */
export default function GuidedTour({ request }: { request: number }) {
  const { pathname } = useLocation();
  const [steps, setSteps] = useState<Step[]>([]);
  const [current, setCurrent] = useState(0);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const open = steps.length > 0;
  const step = steps[current];

  useEffect(() => {
    if (request === 0 && (tourSeen() || pathname !== START)) return;
    // Once the app is on screen (not behind the server's page) and its header has laid out: its parts are the targets.
    let live = true;
    void appShown().then(() =>
      requestAnimationFrame(() => {
        const found = tourSteps();
        if (!live || !found.length) return;
        setCurrent(0);
        setSteps(found);
      }),
    );
    return () => {
      live = false;
    };
    // A first visit is decided by the page it starts on; later pages only open it when asked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  // Measured before the browser paints: the panel appears where it stays.
  useLayoutEffect(() => {
    if (!step) return setPlacement(null);
    const update = () => setPlacement(place(step.el));
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update);
    };
  }, [step]);

  useEffect(() => {
    if (open && placement) panel.current?.focus();
  }, [open, placement, current]);

  const close = () => {
    markTourSeen();
    setSteps([]);
  };

  if (!open || !step || !placement) return null;
  const last = current === steps.length - 1;
  const { hole } = placement;
  return (
    <div className="tour" onKeyDown={(e) => e.key === 'Escape' && close()}>
      <svg className="tour__mask" width="100%" height="100%" aria-hidden="true">
        <defs>
          <mask id="tour-hole">
            <rect width="100%" height="100%" fill="#fff" />
            <rect x={hole.left} y={hole.top} width={hole.width} height={hole.height} rx={GAP.radius} fill="#000" />
          </mask>
        </defs>
        <rect width="100%" height="100%" fill="rgba(0, 0, 0, 0.45)" mask="url(#tour-hole)" />
      </svg>
      <div
        ref={panel}
        className="tour__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="tour-title"
        aria-describedby="tour-description"
        tabIndex={-1}
        style={{ ...placement.panel, width: Math.min(PANEL_WIDTH, window.innerWidth - 16) }}
      >
        <span
          className={placement.above ? 'tour__arrow tour__arrow--below' : 'tour__arrow'}
          style={{ left: placement.arrowLeft }}
          aria-hidden="true"
        />
        <button type="button" className="tour__close" aria-label="关闭" onClick={close}>
          <Icon icon={CloseOutlined} />
        </button>
        <h2 className="tour__title" id="tour-title">
          {step.title}
        </h2>
        <p className="tour__description" id="tour-description">
          {step.description}
        </p>
        <div className="tour__footer">
          <span className="tour__indicators">
            {steps.map((s, i) => (
              <span key={s.title} className={i === current ? 'tour__indicator is-active' : 'tour__indicator'} aria-hidden="true" />
            ))}
            <span className="sr-only">
              第 {current + 1} 步，共 {steps.length} 步
            </span>
          </span>
          <span className="tour__buttons">
            {current > 0 ? (
              <Button size="small" onClick={() => setCurrent((c) => c - 1)}>
                上一步
              </Button>
            ) : null}
            <Button size="small" type="primary" onClick={() => (last ? close() : setCurrent((c) => c + 1))}>
              {last ? '结束导览' : '下一步'}
            </Button>
          </span>
        </div>
      </div>
    </div>
  );
}
