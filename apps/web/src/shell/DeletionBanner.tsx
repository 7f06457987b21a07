import dayjs from 'dayjs';
import { toastSuccess } from '../api/index.js';
import { useCancelDeletion } from '../features/account/index.js';
import { Button } from '../components/ui/Button.js';
import { Icon } from '../components/ui/Icon.js';
import { ExclamationCircleFilled } from '../components/ui/icons.js';
import { useSession } from '../hooks/useSession.js';

/** While 注销 waits out its cooling-off, every page says when the account goes, with a way to cancel. */
export function DeletionBanner() {
  const user = useSession();
  const cancel = useCancelDeletion({ onSuccess: () => toastSuccess('已撤销注销申请') });
  if (!user?.deletionDueAt) return null;
  const due = dayjs(user.deletionDueAt).format('YYYY年M月D日 HH:mm');
  return (
    <div className="deletion-banner" role="alert">
      <Icon icon={ExclamationCircleFilled} className="deletion-banner__icon" />
      <p className="deletion-banner__text">你已申请注销账号，将于 {due} 删除个人信息。在此之前可以随时撤销。</p>
      <Button size="small" loading={cancel.isPending} onClick={() => cancel.mutate({})}>
        撤销注销
      </Button>
    </div>
  );
}
