import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { DEFAULT_PROMPT_ERROR, matchesPattern, type PromptOptions, type PromptResult } from './store.js';

interface Props {
  options: PromptOptions;
  /** Called once, at the reader's choice; see ConfirmDialog. */
  onDecide: (result: PromptResult) => void;
  onClosed: () => void;
}

/** A one-line input dialog; OK is refused while the value does not match the pattern. */
export function PromptDialog({ options, onDecide, onClosed }: Props) {
  const [open, setOpen] = useState(true);
  const [value, setValue] = useState(options.defaultValue ?? '');
  const [error, setError] = useState<string | null>(null);

  const finish = (r: PromptResult) => {
    if (!open) return;
    setOpen(false);
    onDecide(r);
  };
  const submit = () => {
    if (!matchesPattern(value, options.pattern)) {
      setError(options.errorText ?? DEFAULT_PROMPT_ERROR);
      return;
    }
    finish({ action: 'confirm', value });
  };

  return (
    <Modal
      open={open}
      title={options.title}
      onCancel={() => finish({ action: 'close' })}
      afterClose={onClosed}
      width={420}
      centered
      footer={[
        <Button key="cancel" onClick={() => finish({ action: 'cancel' })}>
          {options.cancelText ?? '取消'}
        </Button>,
        <Button key="ok" type="primary" onClick={submit}>
          {options.okText ?? '确定'}
        </Button>,
      ]}
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={options.label} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <Input
            autoFocus
            value={value}
            placeholder={options.placeholder}
            maxLength={options.maxLength}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            onPressEnter={submit}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
