import { Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';

interface Props<V> {
  form: FormInstance<V>;
  title: ReactNode;
  okText: string;
  initialValues: Partial<V>;
  /** Runs with the validated values; resolves true when done (the dialog closes), false to stay open. */
  onSubmit: (values: V) => Promise<boolean>;
  onClose: () => void;
  danger?: boolean;
  width?: number;
  /** Long forms (an announcement) should not vanish on a stray click beside them. */
  keepOnMaskClick?: boolean;
  requiredMark?: boolean;
  children: ReactNode;
}

/**
 * A form in a dialog: OK validates, shows the button busy while `onSubmit` runs, and closes only once it
 * succeeded; a failed call (the request layer has said why) leaves what was typed in place.
 */
export function FormModal<V>({
  form,
  title,
  okText,
  initialValues,
  onSubmit,
  onClose,
  danger,
  width,
  keepOnMaskClick,
  requiredMark = false,
  children,
}: Props<V>) {
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      if (await onSubmit(values)) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={width}
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      maskClosable={!keepOnMaskClick}
      destroyOnHidden
    >
      <Form<V> form={form} layout="vertical" initialValues={initialValues} requiredMark={requiredMark}>
        {children}
      </Form>
    </Modal>
  );
}
