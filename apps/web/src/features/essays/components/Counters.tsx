import type { Essay } from '@shiju/contract';
import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/format.js';
import { Icon } from '../../../components/ui/Icon.js';
import { CommentOutlined, EditOutlined, EyeOutlined, HeartOutlined, StarOutlined } from '../../../components/ui/icons.js';

export type CounterKey = 'views' | 'likes' | 'collects' | 'comments' | 'imitations';

const ITEMS: Array<{ key: CounterKey; label: string; icon: ReactNode }> = [
  { key: 'views', label: '阅读', icon: <Icon icon={EyeOutlined} /> },
  { key: 'likes', label: '喜欢', icon: <Icon icon={HeartOutlined} /> },
  { key: 'collects', label: '收藏', icon: <Icon icon={StarOutlined} /> },
  { key: 'comments', label: '评论', icon: <Icon icon={CommentOutlined} /> },
  { key: 'imitations', label: '仿写', icon: <Icon icon={EditOutlined} /> },
];

interface Props {
  essay: Pick<Essay, CounterKey>;
  /** Which counters to show, in the usual order; all five by default. */
  only?: readonly CounterKey[];
  /** Spell the label after the number (阅读 12) instead of hiding it for screen readers only. */
  withLabels?: boolean;
}

/** 阅读 / 喜欢 / 收藏 / 评论 / 仿写 with icons, formatted 万/亿. */
export function Counters({ essay, only, withLabels }: Props) {
  const items = only ? ITEMS.filter((it) => only.includes(it.key)) : ITEMS;
  return (
    <ul className="counters">
      {items.map((it) => (
        <li key={it.key} title={it.label} data-counter={it.key}>
          {it.icon}
          <span className="counters__value">{formatCount(essay[it.key])}</span>
          <span className={withLabels ? 'counters__label' : 'sr-only'}>{it.label}</span>
        </li>
      ))}
    </ul>
  );
}
