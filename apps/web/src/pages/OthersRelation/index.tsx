import { PagePlaceholder } from '../../components/PagePlaceholder.js';

export default function OthersRelation() {
  return <PagePlaceholder title="关注与粉丝" description="这里将列出这位作者关注的人和TA的粉丝，可以直接回关。" />;
}
