import { useHydrated } from '../hooks/useHydrated.js';
import { formatRelativeTime } from '../lib/format.js';

/**
 * 刚刚 · 3分钟前 · 昨天 12:30 … (PRODUCT §6) by the reader's clock and time zone. The server's copy of a page was
 * drawn by the server's: it stays while the app takes the page over, then this reads the time anew.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time key={hydrated ? 'reader' : 'server'} className={className} dateTime={value} suppressHydrationWarning>
      {formatRelativeTime(value)}
    </time>
  );
}
