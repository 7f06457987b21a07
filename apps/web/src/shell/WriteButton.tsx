import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { writeHref } from '../components/essay/links.js';
import { useSignInGate } from '../hooks/useSignInGate.js';

/** 写句子: to the editor (under `classificationId` when given); visitors are asked to sign in first. */
export function WriteButton({
  block,
  onClick,
  classificationId,
  label = '写句子',
}: {
  block?: boolean;
  onClick?: () => void;
  classificationId?: number;
  label?: string;
}) {
  const gate = useSignInGate();
  return (
    <Button
      type="primary"
      className="write-button"
      icon={<EditOutlined aria-hidden />}
      block={block}
      onClick={() => {
        onClick?.();
        void gate(writeHref(classificationId), '写句子、发美文');
      }}
    >
      {label}
    </Button>
  );
}
