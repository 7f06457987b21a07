import { useSearchParams } from 'react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder.js';

export default function GlobalSearch() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim();
  return (
    <PagePlaceholder title="搜索" description="这里将在全站搜索作品、作者与标签，并高亮匹配的文字。">
      {q ? <p className="search-term">你要找的是「{q}」。</p> : null}
    </PagePlaceholder>
  );
}
