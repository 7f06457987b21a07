import { PagePlaceholder } from '../../components/PagePlaceholder.js';

export default function BestWeek() {
  return (
    <PagePlaceholder
      title="每周精选"
      description="每周一零点，编辑部会从上一周发布的作品中选出最受喜爱的 20 篇；这里将按周展示精选与编辑点评，往期也能随时翻阅。"
    />
  );
}
