import { ClockCircleOutlined } from '@ant-design/icons';
import { useEffect, useEffectEvent, useState } from 'react';
import { closesAt, formatRemaining, type Order } from '../../orders.js';

const WARN_MS = 5 * 60_000;

/** Time left before a pending order closes, ticking each second; `onExpire` runs once when it runs out. */
export function Countdown({ order, onExpire }: { order: Pick<Order, 'createdAt' | 'payBefore'>; onExpire: () => void }) {
  const end = closesAt(order);
  const [now, setNow] = useState(() => Date.now());
  const expire = useEffectEvent(onExpire);
  const left = end - now;

  useEffect(() => {
    if (left <= 0) {
      expire();
      return;
    }
    const t = setTimeout(() => setNow(Date.now()), Math.min(1000, left));
    return () => clearTimeout(t);
  }, [left]);

  if (left <= 0) return <span className="countdown is-over">即将关闭</span>;
  return (
    <span className={left < WARN_MS ? 'countdown is-warn' : 'countdown'} title="超时未支付的订单会自动关闭">
      <ClockCircleOutlined aria-hidden /> 剩余 <span className="countdown__time">{formatRemaining(left)}</span>
    </span>
  );
}
