import { MEMBERSHIP_NOTICE_TITLE } from '@shiju/contract/pages';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { announcementQueries } from '../../../announcements/index.js';
import { orderQueries } from '../../api/orders.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { LinkButton } from '../../../../components/LinkButton.js';
import { QueryState } from '../../../../components/QueryState.js';
import { formatYuan, methodsSentence, type Product } from '../../orders.js';

interface Props {
  /** The product whose order is being placed (its button spins). */
  busyId: number | null;
  onBuy: (product: Product) => void;
}

/** How many announcements are looked through for the membership notice (a new site has five). */
const NOTICES_LOOKED_AT = 20;

/**
 * Buying is closed (no way to pay is configured): one true sentence, and one thing that works instead of a disabled
 * 立即开通 — the membership notice when the site still has it, otherwise the announcements.
 */
function Closed() {
  const notices = useQuery(announcementQueries.latest(NOTICES_LOOKED_AT));
  const notice = notices.data?.list.find((a) => a.title === MEMBERSHIP_NOTICE_TITLE);
  return (
    <Alert
      className="plans__payment"
      type="info"
      showIcon
      title="暂未开通在线支付，会员暂时无法购买。"
      action={
        notices.isPending ? null : notice ? (
          <LinkButton to={`/bulletinDetails?id=${notice.id}`} size="small">
            查看会员说明
          </LinkButton>
        ) : (
          <LinkButton to="/bulletinBoard" size="small">
            查看公告
          </LinkButton>
        )
      }
    />
  );
}

/**
 * The membership plans as cards: price in yuan, days, what it costs per day; 立即开通 on each while there is a way
 * to pay.
 */
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
        <Closed />
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
                {closed ? null : (
                  <Button
                    type="primary"
                    block
                    loading={busyId === p.id}
                    disabled={!m || (busyId !== null && busyId !== p.id)}
                    onClick={() => onBuy(p)}
                    aria-label={`立即开通${p.name}`}
                  >
                    立即开通
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}
