import { writeHref } from '../../../lib/links.js';
import { Button } from '../../../components/ui/Button.js';
import { Icon } from '../../../components/ui/Icon.js';
import { EditOutlined } from '../../../components/ui/icons.js';
import { useSignInGate } from '../../../components/useSignInGate.js';

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
      icon={<Icon icon={EditOutlined} />}
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
