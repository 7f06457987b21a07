import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSignInGate } from '../hooks/useSignInGate.js';

export function WriteButton({ block, onClick }: { block?: boolean; onClick?: () => void }) {
  const gate = useSignInGate();
  return (
    <Button
      type="primary"
      className="write-button"
      icon={<EditOutlined aria-hidden />}
      block={block}
      onClick={() => {
        onClick?.();
        void gate('/editorialEssay', '写句子、发美文');
      }}
    >
      写句子
    </Button>
  );
}
