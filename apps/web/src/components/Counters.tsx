import { CommentOutlined, EditOutlined, EyeOutlined, HeartOutlined, StarOutlined } from '@ant-design/icons';
import type { Essay } from '@shiju/contract';
import type { ReactNode } from 'react';
import { formatCount } from '../lib/format.js';

const ITEMS: Array<{ key: 'views' | 'likes' | 'collects' | 'comments' | 'imitations'; label: string; icon: ReactNode }> = [
  { key: 'views', label: '阅读', icon: <EyeOutlined /> },
  { key: 'likes', label: '喜欢', icon: <HeartOutlined /> },
  { key: 'collects', label: '收藏', icon: <StarOutlined /> },
  { key: 'comments', label: '评论', icon: <CommentOutlined /> },
  { key: 'imitations', label: '仿写', icon: <EditOutlined /> },
];

/** 阅读 / 喜欢 / 收藏 / 评论 / 仿写 with icons, formatted 万/亿. */
export function Counters({ essay }: { essay: Pick<Essay, (typeof ITEMS)[number]['key']> }) {
  return (
    <ul className="counters">
      {ITEMS.map((it) => (
        <li key={it.key} title={it.label}>
          {it.icon}
          <span className="counters__value">{formatCount(essay[it.key])}</span>
          <span className="sr-only">{it.label}</span>
        </li>
      ))}
    </ul>
  );
}
