import { CrownOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { QueryState } from '../../../../components/QueryState.js';
import { saveUserInfo } from '../../../../lib/session.js';
import { userQueries } from '../../../account/index.js';
import { useQuery } from '@tanstack/react-query';

/** 会员有效期至 … / 已过期 / 尚未开通, from users/me (which also refreshes the stored userInfo). */
export function Membership() {
  const query = useQuery(userQueries.me());
  const me = query.data;
  useEffect(() => {
    if (me) saveUserInfo(me);
  }, [me]);

  return (
    <QueryState query={query} skeletonRows={2}>
      {(m) => {
        const until = m.memberUntil ? dayjs(m.memberUntil) : null;
        const active = until !== null && until.isAfter(dayjs());
        return (
          <section className={active ? 'membership is-active' : 'membership'} aria-label="会员状态">
            <CrownOutlined className="membership__icon" />
            <div>
              <p className="membership__status">
                {active
                  ? `会员有效期至 ${until.format('YYYY年M月D日 HH:mm')}`
                  : until
                    ? `会员已于 ${until.format('YYYY年M月D日')} 到期`
                    : '尚未开通会员'}
              </p>
              <p className="membership__hint">
                {active
                  ? `还剩 ${Math.max(1, until.diff(dayjs(), 'day'))} 天，续费会在到期日后顺延。`
                  : '开通会员后全站免广告，安静读句子。'}
              </p>
            </div>
          </section>
        );
      }}
    </QueryState>
  );
}
