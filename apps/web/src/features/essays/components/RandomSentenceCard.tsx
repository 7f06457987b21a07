import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { openQueries } from '../api/open.js';
import { Button } from '../../../components/ui/Button.js';
import { Icon } from '../../../components/ui/Icon.js';
import { ReloadOutlined } from '../../../components/ui/icons.js';
import { Skeleton } from '../../../components/ui/Skeleton.js';

/** What to show while the first draw loads or when it failed (the 404 page keeps a fixed quote for this). */
export interface SentenceFallback {
  text: string;
  source: string | null;
}

interface Props {
  /** Shown instead of a skeleton or an error while there is no drawn sentence. */
  fallback?: SentenceFallback;
  className?: string;
}

/**
 * 随机一句: one sentence drawn through the open API (silent, no loading mask). 换一句 asks the server again;
 * it avoids repeats for this reader by cookie. The drawn sentence links to its page.
 */
export function RandomSentenceCard({ fallback, className }: Props) {
  const query = useQuery(openQueries.sentence());
  const sentence = query.data;
  const drawing = query.isFetching;

  let body;
  if (sentence) {
    body = (
      <>
        <Link to={`/bellesDetails?id=${sentence.id}`} className="random-sentence__text serif" data-sentence-id={sentence.id}>
          {sentence.text}
        </Link>
        {sentence.source ? <p className="random-sentence__source serif">—— {sentence.source}</p> : null}
      </>
    );
  } else if (fallback) {
    body = (
      <>
        <p className="random-sentence__text serif">{fallback.text}</p>
        {fallback.source ? <p className="random-sentence__source serif">—— {fallback.source}</p> : null}
      </>
    );
  } else if (query.isPending) {
    body = <Skeleton title={false} rows={2} />;
  } else {
    body = <p className="muted">暂时没有句子，稍后再试</p>;
  }

  return (
    <section className={className ? `random-sentence ${className}` : 'random-sentence'} aria-label="随机一句" aria-busy={drawing}>
      <header className="random-sentence__head">
        <h2 className="random-sentence__title">随机一句</h2>
        <Button
          type="link"
          size="small"
          className="random-sentence__next"
          icon={<Icon icon={ReloadOutlined} spin={drawing} />}
          disabled={drawing}
          onClick={() => void query.refetch()}
        >
          换一句
        </Button>
      </header>
      {body}
    </section>
  );
}
