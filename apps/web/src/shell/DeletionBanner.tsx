import { Alert, Button } from 'antd';
import dayjs from 'dayjs';
import { useCallMutation, toastSuccess } from '../api/index.js';
import { useSession } from '../hooks/useSession.js';
import { saveUserInfo } from '../lib/session.js';

/** While 注销 waits out its cooling-off, every page says when the account goes, with a way to cancel. */
export function DeletionBanner() {
  const user = useSession();
  const cancel = useCallMutation('cancelDeletion');
  if (!user?.deletionDueAt) return null;
  const due = dayjs(user.deletionDueAt).format('YYYY年M月D日 HH:mm');
  return (
    <Alert
      className="deletion-banner"
      type="warning"
      banner
      title={`你已申请注销账号，将于 ${due} 删除个人信息。在此之前可以随时撤销。`}
      action={
        <Button
          size="small"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(
              {},
              {
                onSuccess: (info) => {
                  saveUserInfo(info);
                  toastSuccess('已撤销注销申请');
                },
              },
            )
          }
        >
          撤销注销
        </Button>
      }
    />
  );
}
