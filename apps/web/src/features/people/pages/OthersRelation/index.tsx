import { PersonPage } from '../../components/PersonPage.js';
import { RELATION_TYPES, RelationList, type RelationType } from '../../components/RelationList.js';
import { useSearchParamChoice } from '../../../../hooks/useSearchParamChoice.js';
import { UrlTabs } from '../../../../components/UrlTabs.js';
import { useSession } from '../../../../hooks/useSession.js';
import { formatCount } from '../../../../lib/format.js';

/** /othersRelation?id=&type=following|followers */
export default function OthersRelation() {
  const me = useSession();
  const choice = useSearchParamChoice<RelationType>('type', RELATION_TYPES, 'following');
  return (
    <PersonPage heading={(p) => (p.id === me?.id ? '我的关注与粉丝' : `${p.nickname} 的关注与粉丝`)}>
      {(p) => (
        <UrlTabs
          choice={choice}
          items={[
            {
              key: 'following',
              label: `关注 ${formatCount(p.following)}`,
              children: <RelationList userId={p.id} type="following" own={p.id === me?.id} />,
            },
            {
              key: 'followers',
              label: `粉丝 ${formatCount(p.followers)}`,
              children: <RelationList userId={p.id} type="followers" own={p.id === me?.id} />,
            },
          ]}
        />
      )}
    </PersonPage>
  );
}
