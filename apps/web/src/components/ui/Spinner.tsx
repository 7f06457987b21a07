import { Icon } from './Icon.js';
import { LoadingOutlined } from './icons.js';

/** A small turning circle, announced as 加载中. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span className={className ? `spinner ${className}` : 'spinner'} role="status" aria-label="加载中">
      <Icon icon={LoadingOutlined} spin />
    </span>
  );
}
