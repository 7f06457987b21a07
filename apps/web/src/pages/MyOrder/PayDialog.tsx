import { CopyOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import dayjs from 'dayjs';
import { toastError, toastSuccess } from '../../api/index.js';
import { copyText } from '../../lib/clipboard.js';
import { closesAt, formatYuan, type Order } from './orders.js';

export type PaymentStart = Order & { instructions: string };

interface Props {
  open: boolean;
  /** Kept after closing, so the dialog does not empty itself while it fades out. */
  payment: PaymentStart | null;
  onClose: () => void;
}

/** How to pay an order: the provider's instructions, the amount and the order number to quote (copyable). */
export function PayDialog({ open, payment, onClose }: Props) {
  const copy = async (orderNo: string) => {
    if (await copyText(orderNo)) toastSuccess('订单号已复制');
    else toastError('复制失败，请手动选中订单号复制');
  };
  return (
    <Modal
      open={open}
      title="转账支付"
      onCancel={onClose}
      centered
      width={460}
      footer={
        <Button type="primary" onClick={onClose}>
          知道了
        </Button>
      }
      className="pay-dialog"
    >
      {payment ? (
        <div className="pay-dialog__body">
          <p className="pay-dialog__amount">
            <span>{payment.product.name}</span>
            <strong>{formatYuan(payment.amount)}</strong>
          </p>
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
        </div>
      ) : null}
    </Modal>
  );
}
