import { CheckCircleFilled, CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Radio, Spin } from 'antd';
import dayjs from 'dayjs';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useEffectEvent, useState } from 'react';
import type { CallData } from '@shiju/contract';
import { toastError, toastSuccess } from '../../../../api/index.js';
import { orderQueries, usePayOrder } from '../../api/orders.js';
import { copyText } from '../../../../lib/clipboard.js';
import { closesAt, formatYuan, PROVIDERS, type Order, type PaymentProviderId } from '../../orders.js';

export type PaymentStart = CallData<'payOrder'>;

/** How often the open dialog asks whether the order is paid. */
const POLL_MS = 2000;

interface Props {
  /** The page gives each opening its own key, so a dialog never carries over the last one's choice. */
  open: boolean;
  /** The order being paid; kept after closing, so the dialog does not empty itself while it fades out. */
  order: Order | null;
  /** The configured ways to pay, in the order offered. */
  methods: readonly PaymentProviderId[];
  onClose: () => void;
  /** The order is paid (the provider told the server, or the server asked it). */
  onPaid: (order: Order) => void;
}

/**
 * Paying one order: choose 微信支付 / 支付宝 / 银行转账 among those configured. WeChat Pay and Alipay show a QR code
 * drawn in the browser from the provider's URL; while it is shown the order is polled quietly, and the dialog
 * closes by itself once it is paid. A transfer shows the account and the order number to quote.
 */
export function PayDialog({ open, order, methods, onClose, onPaid }: Props) {
  const [method, setMethod] = useState<PaymentProviderId | null>(null);
  // Only the latest start counts: switching the way to pay while one is on its way leaves the old answer unshown.
  const start = usePayOrder();
  const { mutate: startPayment } = start;
  const payment: PaymentStart | null = start.data ?? null;
  const starting = start.isPending;
  // The request layer has shown why.
  const failed = start.isError;

  // Each opening is a fresh dialog (the page keys it). Nothing starts upstream until the buyer picks a way to pay,
  // unless there is only one.
  const orderId = order?.id ?? null;
  const chosen = method ?? (methods.length === 1 ? methods[0]! : null);

  useEffect(() => {
    if (!open || orderId === null || chosen === null) return;
    startPayment({ params: { id: orderId }, body: { provider: chosen } });
  }, [open, orderId, chosen, startPayment]);

  const online = payment !== null && payment.payUrl !== null && payment.provider === chosen;
  const polled = useQuery({
    ...orderQueries.one(orderId ?? 0),
    enabled: open && online && orderId !== null,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
  const status = polled.data?.status;
  const paid = useEffectEvent((o: Order) => onPaid(o));
  useEffect(() => {
    if (open && polled.data && status === 'paid') paid(polled.data);
  }, [open, status, polled.data]);

  const copy = async (orderNo: string) => {
    if (await copyText(orderNo)) toastSuccess('订单号已复制');
    else toastError('复制失败，请手动选中订单号复制');
  };

  const ended = status === 'closed' || status === 'cancelled' || status === 'exception';
  return (
    <Modal
      open={open}
      title="支付订单"
      onCancel={onClose}
      centered
      width={460}
      destroyOnHidden
      footer={
        <Button type={online ? 'default' : 'primary'} onClick={onClose}>
          {online ? '稍后支付' : '知道了'}
        </Button>
      }
      className="pay-dialog"
    >
      {order ? (
        <div className="pay-dialog__body">
          <p className="pay-dialog__amount">
            <span>{order.product.name}</span>
            <strong>{formatYuan(order.amount)}</strong>
          </p>
          {methods.length > 1 ? (
            <Radio.Group
              className="pay-dialog__methods"
              optionType="button"
              buttonStyle="solid"
              value={chosen}
              disabled={starting}
              onChange={(e) => setMethod(e.target.value as PaymentProviderId)}
              options={methods.map((m) => ({ value: m, label: PROVIDERS[m] }))}
            />
          ) : null}
          {chosen === null ? (
            <p className="pay-dialog__choose">请选择支付方式</p>
          ) : starting ? (
            <div className="pay-dialog__loading">
              <Spin /> 正在生成支付信息…
            </div>
          ) : failed ? (
            <Alert type="error" showIcon title="支付信息获取失败" description="请稍后再试，或换一种支付方式。" />
          ) : payment && payment.provider === chosen ? (
            payment.payUrl ? (
              <div className="pay-dialog__qr">
                {ended ? (
                  <Alert
                    type="warning"
                    showIcon
                    title={status === 'exception' ? '支付异常' : '订单已关闭'}
                    description={polled.data?.issue ?? '请重新下单。'}
                  />
                ) : (
                  <>
                    <div className="pay-dialog__code" role="img" aria-label={`${PROVIDERS[chosen]}付款二维码`}>
                      <QRCodeSVG value={payment.payUrl} size={196} marginSize={2} level="M" />
                    </div>
                    <p className="pay-dialog__instructions">{payment.instructions}</p>
                    <p className="pay-dialog__waiting">
                      <CheckCircleFilled aria-hidden /> 等待支付结果，支付成功后会自动关闭本窗口
                    </p>
                    <p className="pay-dialog__note">请在 {dayjs(closesAt(payment)).format('HH:mm')} 前完成支付，超时订单会自动关闭。</p>
                  </>
                )}
              </div>
            ) : (
              <>
                <div className="pay-dialog__order">
                  <span className="pay-dialog__label">订单号</span>
                  <code className="pay-dialog__no">{payment.orderNo}</code>
                  <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(payment.orderNo)}>
                    复制
                  </Button>
                </div>
                <p className="pay-dialog__instructions">{payment.instructions}</p>
                <p className="pay-dialog__note">
                  请在 {dayjs(closesAt(payment)).format('M月D日 HH:mm')}{' '}
                  前完成转账，超时订单会自动关闭。编辑确认到账后，订单变为“已支付”，会员随即生效。
                </p>
              </>
            )
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
