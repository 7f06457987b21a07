import { Empty } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  description: ReactNode;
  /** What to do next (a link or button). */
  action?: ReactNode;
  compact?: boolean;
}

/** An empty list or section that says what to do next. */
export function EmptyState({ description, action, compact }: Props) {
  return (
    <Empty
      className={compact ? 'empty-state empty-state--compact' : 'empty-state'}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={description}
    >
      {action}
    </Empty>
  );
}
