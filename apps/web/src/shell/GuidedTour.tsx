import { Tour, type TourProps } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { appShown } from './serverPage.js';
import { markTourSeen, tourSeen } from './tour.js';

/** Seed §9: the tour's mask leaves 6 px around its target, with corners of radius 2. */
const GAP = { offset: 6, radius: 2 };

/** Pages a first visit may start on where the header tour makes sense (not sign-in, not the editor's console). */
const STARTS = [
  '/home',
  '/classifyDetails',
  '/bellesDetails',
  '/leaderboard',
  '/bestWeek',
  '/bulletinBoard',
  '/bulletinDetails',
  '/othersInfor',
  '/aboutOur',
];

const visible = (el: Element | null): el is HTMLElement => el instanceof HTMLElement && el.offsetParent !== null;

/** The header's parts, those that are on screen: the wide header's, or the phone header's menu button. */
function tourSteps(): TourProps['steps'] {
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
    {
      el: $('.header__mobile .header__menu-button'),
      title: '菜单',
      description: '分类、排行榜、搜索和写句子都在这里。',
    },
  ];
  return parts.filter((p) => visible(p.el)).map((p) => ({ title: p.title, description: p.description, target: () => p.el as HTMLElement }));
}

/**
 * A short tour of the header for first-time visitors, shown once per browser (closing it counts as seen), and
 * again whenever asked (关于我们 has a button). Loaded on demand by TourHost: readers who saw it never load it.
 */
export default function GuidedTour({ request }: { request: number }) {
  const { pathname } = useLocation();
  const [steps, setSteps] = useState<TourProps['steps']>([]);
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    if (request === 0 && (tourSeen() || !STARTS.includes(pathname))) return;
    // Once the app is on screen (not behind the server's page) and its header has laid out: its parts are the targets.
    let live = true;
    void appShown().then(() =>
      requestAnimationFrame(() => {
        const found = tourSteps();
        if (!live || !found?.length) return;
        setSteps(found);
        setCurrent(0);
        setOpen(true);
      }),
    );
    return () => {
      live = false;
    };
    // A first visit is decided by the page it starts on; later pages only open it when asked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  const close = () => {
    markTourSeen();
    setOpen(false);
  };

  return <Tour open={open} steps={steps} current={current} onChange={setCurrent} onClose={close} onFinish={close} gap={GAP} />;
}
