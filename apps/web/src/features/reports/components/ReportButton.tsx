import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useEnsureSignedIn } from '../../../components/useEnsureSignedIn.js';
import { Button } from '../../../components/ui/Button.js';
import { Icon } from '../../../components/ui/Icon.js';
import { FlagOutlined } from '../../../components/ui/icons.js';
import type { ReportTarget } from '../api/reports.js';

const ReportDialog = lazy(() => import('./ReportDialog.js'));

/**
 * 举报 on a text, a comment or a user page: visitors are asked to sign in first; the reason list comes from the
 * contract. `children` replaces the default button (comments use a small text link).
 */
export function ReportButton({
  targetType,
  targetId,
  children,
  className,
}: {
  targetType: ReportTarget;
  targetId: number;
  children?: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const ensureSignedIn = useEnsureSignedIn();
  const start = async () => {
    if (await ensureSignedIn('举报')) setOpen(true);
  };
  return (
    <>
      {children ? (
        <button type="button" className={className ?? 'link-button'} onClick={() => void start()}>
          {children}
        </button>
      ) : (
        <Button type="text" icon={<Icon icon={FlagOutlined} />} className={className} onClick={() => void start()}>
          举报
        </Button>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
