import { Button } from 'antd';
import { useCall } from '../../api/index.js';
import { EmptyState } from '../../components/EmptyState.js';
import { QueryState } from '../../components/QueryState.js';
import { formatYuan, type Product } from './orders.js';

interface Props {
  /** The product whose order is being placed (its button spins). */
  busyId: number | null;
  onBuy: (product: Product) => void;
}

/** The membership plans as cards: price in yuan, days, what it costs per day. */
export function Plans({ busyId, onBuy }: Props) {
  const query = useCall('products', {}, { staleTime: 5 * 60_000 });
  return (
    <QueryState
      query={query}
      skeletonRows={4}
      isEmpty={(d) => d.length === 0}
      empty={<EmptyState description="暂时没有可开通的会员套餐，过几天再来看看吧" />}
    >
      {(products) => (
        <ul className="plans">
          {products.map((p) => (
            <li key={p.id} className="plan">
              <h3 className="plan__name">{p.name}</h3>
              <p className="plan__price">
                <strong>{formatYuan(p.priceFen)}</strong>
                <span> / {p.days} 天</span>
              </p>
              <p className="plan__daily">约 {formatYuan(Math.round(p.priceFen / p.days))} / 天</p>
              <p className="plan__desc">{p.description}</p>
              <Button
                type="primary"
                block
                loading={busyId === p.id}
                disabled={busyId !== null && busyId !== p.id}
                onClick={() => onBuy(p)}
                aria-label={`立即开通${p.name}`}
              >
                立即开通
              </Button>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
