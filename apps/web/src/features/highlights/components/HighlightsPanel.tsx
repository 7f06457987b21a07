import { lazy, Suspense } from 'react';
import { creditLine, creditOf, hasWatermark, posterLine } from '@shiju/contract/credit';
import type { Essay } from '@shiju/contract';
import { toastSuccess } from '../../../api/index.js';
import { useRemoveHighlight } from '../api/highlights.js';
import { useSession } from '../../../hooks/useSession.js';
import { loadShareCardDialog } from '../../essays/index.js';
import { essayHref } from '../../../lib/links.js';
import { RelativeTime } from '../../../components/RelativeTime.js';
import { ReportButton } from '../../reports/index.js';
import type { HighlightsView } from './useHighlightsView.js';
import './highlights.css';

const ThoughtDialog = lazy(() => import('./ThoughtDialog.js'));
const ShareCardDialog = lazy(loadShareCardDialog);

type SharedEssay = Pick<Essay, 'id' | 'type' | 'title' | 'author' | 'workAuthor' | 'workTitle' | 'ownWork' | 'source'> &
  Parameters<typeof creditOf>[0];

/**
 * Below the text: 热门划线 (sentences at least 3 readers marked, with the public 想法 beside them), the newest public
 * 想法, and the reader's own highlights on this text with their 想法, to edit, share as a card or remove.
 */
export function HighlightsPanel({ essay, view }: { essay: SharedEssay; view: HighlightsView }) {
  const user = useSession();
  const remove = useRemoveHighlight({ onSuccess: () => toastSuccess('已删除划线') });
  const { popular, thoughts, mine } = view;
  const credit = creditOf(essay);
  const shownBeside = new Set(popular.flatMap((p) => p.thoughts.map((t) => t.id)));
  const others = thoughts.filter((t) => !shownBeside.has(t.id));
  // Nothing to show a visitor: no box at all (an empty one would still hold its margins).
  if (!user && !popular.length && !others.length && !view.thinking && view.sharing === null) return null;
  return (
    <section className="hl-panel" aria-label="划线与想法">
      {popular.length ? (
        <div className="hl-panel__part">
          <h2 className="hl-panel__title">热门划线</h2>
          <ul className="hl-panel__list">
            {popular.map((p) => (
              <li key={`${p.start}-${p.end}`} className="hl-panel__item">
                <p className="hl-panel__quote serif">{p.quote}</p>
                <div className="hl-panel__meta">
                  <span className="hl-panel__count">{p.readers} 人划线</span>
                </div>
                {p.thoughts.map((t) => (
                  <p key={t.id} className="hl-panel__thought">
                    {t.user.nickname}：{t.content}{' '}
                    <ReportButton targetType="thought" targetId={t.id} className="link-button hl-card__report">
                      举报
                    </ReportButton>
                  </p>
                ))}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {others.length ? (
        <div className="hl-panel__part">
          <h2 className="hl-panel__title">想法</h2>
          <ul className="hl-panel__list">
            {others.map((t) => (
              <li key={t.id} className="hl-panel__item">
                <p className="hl-panel__quote serif">「{t.quote}」</p>
                <p className="hl-panel__thought">{t.content}</p>
                <div className="hl-panel__meta">
                  <span>{t.user.nickname}</span>
                  <RelativeTime value={t.createdAt} />
                  <ReportButton targetType="thought" targetId={t.id} className="link-button">
                    举报
                  </ReportButton>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {user ? (
        <div className="hl-panel__part">
          <h2 className="hl-panel__title">我的划线</h2>
          {mine.length ? (
            <ul className="hl-panel__list">
              {mine.map((h) => (
                <li key={h.id} className="hl-panel__item">
                  <p className="hl-panel__quote serif">{h.quote}</p>
                  {h.thought ? <p className="hl-panel__thought">{h.thought}</p> : null}
                  <div className="hl-panel__meta">
                    {h.anchorLost ? <span>原文已修改，这段文字已不在</span> : null}
                    {h.thought ? <span>{h.thoughtHidden ? '想法已被编辑隐藏' : h.thoughtPublic ? '公开' : '仅自己可见'}</span> : null}
                    <button type="button" className="link-button" onClick={() => view.setThinking({ highlight: h })}>
                      {h.thought ? '修改想法' : '写想法'}
                    </button>
                    <button type="button" className="link-button" onClick={() => view.setSharing(h.quote)}>
                      分享卡片
                    </button>
                    <button type="button" className="link-button" onClick={() => remove.mutate({ params: { id: h.id } })}>
                      删除
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="hl-panel__hint">选中正文中的文字，点“划线”或“写想法”，就能把喜欢的句子留在这里。</p>
          )}
        </div>
      ) : null}
      {view.thinking ? (
        <Suspense fallback={null}>
          <ThoughtDialog essayId={essay.id} target={view.thinking} onClose={() => view.setThinking(null)} />
        </Suspense>
      ) : null}
      {view.sharing !== null ? (
        <Suspense fallback={null}>
          <ShareCardDialog
            open
            onClose={() => view.setSharing(null)}
            fileName={`拾句-${essay.id}-划线.png`}
            data={{
              text: view.sharing,
              title: essay.type === 'essay' ? essay.title : null,
              source: creditLine(credit, essay.workTitle),
              poster: posterLine(credit),
              watermark: hasWatermark(essay) ? essay.author.nickname : null,
              // Only in the browser: the dialog opens on a reader's tap, never while the server draws the page.
              url: `${window.location.origin}${essayHref(essay.id)}`,
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
