import { useHydrated } from '../hooks/useHydrated.js';
import { formatRelativeTime } from '../lib/format.js';

/**
 * 刚刚 · 3分钟前 · 昨天 12:30 … (docs/rules.md#numbers-and-times) by the reader's clock and time zone, or another `format` of the moment
 * (a date, a month). The server's copy of a page was drawn by the server's: it stays while the app takes the page
 * over, then this reads the time anew.
 */
export function RelativeTime({
  value,
  className,
  format = formatRelativeTime,
}: {
  value: string;
  className?: string;
  format?: (iso: string) => string;
}) {
  const hydrated = useHydrated();
  return (
    <time key={hydrated ? 'reader' : 'server'} className={className} dateTime={value} suppressHydrationWarning>
      {format(value)}
    </time>
  );
}
