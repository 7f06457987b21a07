import { useSession } from '../../../../hooks/useSession.js';
import { WriteButton } from '../../../essays/index.js';
import { RouterButton } from '../../../../components/RouterButton.js';

/**
 * 首页's welcome, for first-time visitors only: a signed-in reader never sees it, and a browser that has been here
 * before leaves it out from the first paint (`html[data-returning]`, set by public/boot.js), so the feed starts
 * within the first screen.
 */
export function Hero() {
  const user = useSession();
  if (user) return null;
  return (
    <section className="hero">
      <h1 className="hero__title serif">拾起散落的好句子</h1>
      <p className="hero__lead serif">读千年的诗文，也读身边人写下的一句话。喜欢就收藏，有感就写下来。</p>
      <div className="hero__actions">
        <WriteButton />
        <RouterButton to="/aboutOur">了解拾句</RouterButton>
      </div>
    </section>
  );
}
