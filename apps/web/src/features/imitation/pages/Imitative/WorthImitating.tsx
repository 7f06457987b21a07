import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import { RankShortfall } from '../../../discovery/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { EssayCard, useEssayFeed } from '../../../essays/index.js';
import { imitateHref } from '../../../../lib/links.js';
import { InfiniteList } from '../../../../components/InfiniteList.js';
import { formatCount } from '../../../../lib/format.js';
import { ChallengeList } from './Challenge.js';

/**
 * Without an id: the most imitated sentences (then the best liked), each with how often it was imitated and a way to
 * try; only sentences with an imitation or enough likes are listed, and a short list says so.
 */
export function WorthImitating() {
  const feed = useEssayFeed({ type: 'sentence', sort: 'imitations', pageSize: 10 });
  return (
    <>
      <h1 className="page__title">仿写</h1>
      <p className="page__lead">照着喜欢的句子写一句自己的：换一个季节，换一种心情，保留它的节奏。下面是大家最爱仿写的句子。</p>
      <ChallengeList title="每周仿写" />
      <InfiniteList
        query={feed}
        itemKey={(e) => e.id}
        empty={<EmptyState description="还没有可以仿写的句子" />}
        renderItem={(e) => (
          <EssayCard
            essay={e}
            badge={
              <span className="imitate-count" title="为什么在这里">
                {e.imitations > 0 ? `已有 ${formatCount(e.imitations)} 篇仿写` : `${formatCount(e.likes)} 人喜欢，等你第一个仿写`}
              </span>
            }
            actions={
              <Link to={imitateHref(e.id)}>
                <Button size="small" type="primary" ghost icon={<EditOutlined />}>
                  去仿写
                </Button>
              </Link>
            }
          />
        )}
      />
      <RankShortfall shown={feed.total} loaded={feed.isSuccess && !feed.hasNextPage} />
    </>
  );
}
