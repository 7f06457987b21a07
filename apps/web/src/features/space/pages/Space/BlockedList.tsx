import { Button } from 'antd';
import { Link } from 'react-router';
import { toastSuccess } from '../../../../api/index.js';
import { peopleQueries, useBlock } from '../../../people/index.js';
import { usePagedList } from '../../../../api/define.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { UserAvatar } from '../../../../components/UserAvatar.js';

const PAGE_SIZE = 20;

/** 黑名单 in 设置: the people I blocked, each with 解除拉黑. */
export function BlockedList() {
  const query = usePagedList(peopleQueries.blocks(PAGE_SIZE));
  const unblock = useBlock();
  const busy = unblock.isPending ? unblock.variables.userId : null;
  return (
    <InfiniteList
      className="blocked-list"
      query={query}
      more="button"
      itemKey={(u) => u.id}
      renderItem={(u) => (
        <div className="user-row">
          <Link to={`/othersInfor?id=${u.id}`} className="user-row__avatar" aria-label={u.nickname} tabIndex={-1}>
            <UserAvatar user={u} size={40} />
          </Link>
          <div className="user-row__text">
            <Link to={`/othersInfor?id=${u.id}`} className="user-row__name">
              {u.nickname}
            </Link>
          </div>
          <Button
            size="small"
            loading={busy === u.id}
            onClick={() =>
              unblock.mutate({ userId: u.id, block: false }, { onSuccess: () => toastSuccess(`已将“${u.nickname}”移出黑名单`) })
            }
          >
            解除拉黑
          </Button>
        </div>
      )}
      empty={<p className="settings-block__lead">黑名单是空的。</p>}
      endText={null}
    />
  );
}
