import type { DiffPart, ImitationNode } from '@shiju/contract';
import { Link } from 'react-router';
import { essayHref, userHref } from '../../../lib/links.js';
import { RelativeTime } from '../../../components/RelativeTime.js';
import { UserAvatar } from '../../../components/UserAvatar.js';
import { Icon } from '../../../components/ui/Icon.js';
import { HeartOutlined } from '../../../components/ui/icons.js';
import { formatCount } from '../../../lib/format.js';

/** The imitation against the text it imitates: kept words plain, its own words marked, the words it left out struck. */
export function DiffText({ node }: { node: ImitationNode }) {
  if (!node.diff) return <span className="itree-diff">{node.text}</span>;
  return (
    <span className="itree-diff">
      {node.diff.map((p: DiffPart, i) =>
        p.op === 'add' ? <ins key={i}>{p.text}</ins> : p.op === 'del' ? <del key={i}>{p.text}</del> : <span key={i}>{p.text}</span>,
      )}
    </span>
  );
}

/** Writer, date and likes of a node. */
export function NodeMeta({ node }: { node: ImitationNode }) {
  return (
    <span className="itree-meta">
      <Link to={userHref(node.author.id)} className="itree-meta__author">
        <UserAvatar user={node.author} size={18} />
        {node.author.nickname}
      </Link>
      <RelativeTime value={node.publishedAt} className="itree-meta__date" />
      <span className="itree-meta__likes" aria-label={`${node.likes} 人喜欢`}>
        <Icon icon={HeartOutlined} /> {formatCount(node.likes)}
      </span>
    </span>
  );
}

/** The node's words (a 美文's title first) as a link to it. */
export function NodeText({ node }: { node: ImitationNode }) {
  return (
    <Link to={essayHref(node.id)} className="itree-text serif" data-node-id={node.id}>
      {node.type === 'essay' && node.title ? <strong className="itree-text__title">{node.title}</strong> : null}
      <DiffText node={node} />
    </Link>
  );
}
