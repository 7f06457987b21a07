import { PagePlaceholder } from '../../components/PagePlaceholder.js';

export default function OthersCollect() {
  return <PagePlaceholder title="TA的收藏" description="这里将列出这位作者收藏的句子与美文；如果TA设为不公开，这里会如实告诉你。" />;
}
