import { Button, Modal } from 'antd';
import { useState } from 'react';
import type { ConfirmOptions, DialogAction } from './store.js';

interface Props {
  options: ConfirmOptions;
  /** Called once, at the reader's choice (not after the closing animation, which a fast next step must not wait for). */
  onDecide: (action: DialogAction) => void;
  /** Called when the closing animation has ended. */
  onClosed: () => void;
}

/** A confirm box whose three endings stay distinct: 确定 → confirm, 取消 → cancel, × / Esc / mask → close. */
export function ConfirmDialog({ options, onDecide, onClosed }: Props) {
  const [open, setOpen] = useState(true);
  const finish = (a: DialogAction) => {
    if (!open) return;
    setOpen(false);
    onDecide(a);
  };
  return (
    <Modal
      open={open}
      title={options.title}
      onCancel={() => finish('close')}
      afterClose={onClosed}
      width={420}
      centered
      footer={[
        <Button key="cancel" onClick={() => finish('cancel')}>
          {options.cancelText ?? '取消'}
        </Button>,
        <Button key="ok" type="primary" danger={options.danger} onClick={() => finish('confirm')}>
          {options.okText ?? '确定'}
        </Button>,
      ]}
    >
      {options.content}
    </Modal>
  );
}
