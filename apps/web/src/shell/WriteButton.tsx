import { Button } from '../components/ui/Button.js';
import { Icon } from '../components/ui/Icon.js';
import { EditOutlined } from '../components/ui/icons.js';
import { useSignInGate } from '../hooks/useSignInGate.js';

export function WriteButton({ block, onClick }: { block?: boolean; onClick?: () => void }) {
  const gate = useSignInGate();
  return (
    <Button
      type="primary"
      className="write-button"
      icon={<Icon icon={EditOutlined} />}
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
