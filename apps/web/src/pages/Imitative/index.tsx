import { PagePlaceholder } from '../../components/PagePlaceholder.js';

export default function Imitative() {
  return (
    <PagePlaceholder
      title="仿写"
      description="这里将汇集最值得仿写的句子和它们的仿写作品，你也可以选一句喜欢的，照着它的样子写出自己的句子。"
    />
  );
}
