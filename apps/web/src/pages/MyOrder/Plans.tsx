import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { orderQueries } from '../../api/queries/index.js';
import { EmptyState } from '../../components/EmptyState.js';
import { QueryState } from '../../components/QueryState.js';
import { formatYuan, methodsSentence, type Product } from './orders.js';

interface Props {
  /** The product whose order is being placed (its button spins). */
  busyId: number | null;
  onBuy: (product: Product) => void;
}

/** The membership plans as cards: price in yuan, days, what it costs per day. */
export function Plans({ busyId, onBuy }: Props) {
  const query = useQuery(orderQueries.products());
  // Buying needs a configured way to pay: WeChat Pay, Alipay or a bank account for transfers.
  const methods = useQuery(orderQueries.paymentMethods());
  const m = methods.data;
  const closed = m !== undefined && m.available.length === 0;
  const manualOnly = m !== undefined && m.available.length === 1 && m.manual.enabled;
  return (
    <>
      {closed ? (
        <Alert className="plans__payment" type="warning" showIcon title="暂时无法购买" description={m.manual.message} />
      ) : m ? (
        <Alert
          className="plans__payment"
          type="info"
          showIcon
          title={`支付方式：${methodsSentence(m.available)}`}
          description={
            m.manual.enabled
              ? `${manualOnly ? '' : `${methodsSentence(m.available.filter((x) => x !== 'manual'))}扫码支付后会员立即生效；`}${m.manual.message}。转账需在下单后 ${m.manual.windowHours % 24 === 0 ? `${m.manual.windowHours / 24} 天` : `${m.manual.windowHours} 小时`}内完成。`
              : '扫码支付，支付成功后会员立即生效。'
          }
        />
      ) : null}
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
                  disabled={closed || (busyId !== null && busyId !== p.id)}
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
    </>
  );
}
