import { useLocation } from 'react-router';
import { RandomSentenceCard, type SentenceFallback } from '../../../essays/index.js';
import { RouterButton } from '../../../../components/RouterButton.js';

/** Shown while the first 随机一句 loads, or if it cannot be drawn. */
const FALLBACK: SentenceFallback = { text: '山重水复疑无路，柳暗花明又一村。', source: '陆游《游山西村》' };

export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <div className="page page--narrow not-found">
      <p className="not-found__code serif">404</p>
      <h1 className="page__title">这一页没有找到</h1>
      <p className="page__lead">
        地址 <code>{pathname}</code> 不存在，可能是链接写错了，或者内容已经移走。
      </p>
      <RandomSentenceCard className="random-sentence--quote" fallback={FALLBACK} />
      <div className="not-found__actions">
        <RouterButton to="/home" type="primary">
          回到首页
        </RouterButton>
        <RouterButton to="/classifyDetails">逛逛分类</RouterButton>
      </div>
    </div>
  );
}
