import { SIDEBAR_AD_POSITION } from '../../../../api/index.js';
import { adQueries, useAdClick } from '../../../ads/index.js';
import { useQuery } from '@tanstack/react-query';

/**
 * The sidebar ads (position 5), loaded quietly (no mask, docs/rules.md#loading-mask). Nothing is shown when there are none: an
 * empty ad slot helps no reader.
 */
export function SidebarAds() {
  const { data } = useQuery(adQueries.atPosition(SIDEBAR_AD_POSITION));
  const click = useAdClick();
  if (!data || data.length === 0) return null;
  return (
    <aside className="side-box panel ads" aria-label="推广">
      {data.map((ad) => (
        <a
          key={ad.id}
          href={ad.link}
          target="_blank"
          rel="noopener noreferrer nofollow sponsored"
          className="ads__item"
          onClick={() => click.mutate({ params: { id: ad.id } })}
        >
          <img src={ad.image} alt={ad.title} width={600} height={300} loading="lazy" />
          <span className="ads__label">广告</span>
        </a>
      ))}
    </aside>
  );
}
