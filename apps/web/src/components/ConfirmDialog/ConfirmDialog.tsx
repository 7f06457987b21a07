import { Button, Modal } from 'antd';
import { useState } from 'react';
import type { ConfirmOptions, DialogAction } from './store.js';

interface Props {
  options: ConfirmOptions;
  onDone: (action: DialogAction) => void;
}

/** A confirm box whose three endings stay distinct: 确定 → confirm, 取消 → cancel, × / Esc / mask → close. */
export function ConfirmDialog({ options, onDone }: Props) {
  const [open, setOpen] = useState(true);
  const [action, setAction] = useState<DialogAction>('close');
  const finish = (a: DialogAction) => {
    setAction(a);
    setOpen(false);
  };
  return (
    <Modal
      open={open}
      title={options.title}
      onCancel={() => finish('close')}
      afterClose={() => onDone(action)}
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
