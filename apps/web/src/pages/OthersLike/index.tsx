import { PagePlaceholder } from '../../components/PagePlaceholder.js';

export default function OthersLike() {
  return <PagePlaceholder title="TA的喜欢" description="这里将列出这位作者喜欢过的句子与美文；如果TA设为不公开，这里会如实告诉你。" />;
}
