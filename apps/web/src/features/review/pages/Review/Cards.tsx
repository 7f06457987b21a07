import { REVIEW_RATING_LABELS, REVIEW_RATINGS, type ReviewRating } from '@shiju/contract/core';
import type { ReviewCard } from '@shiju/contract';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/Button.js';
import { blankedIndexes, checkDictation, type DictationResult } from '../../components/dictation.js';
import type { RubyChar } from '../../../reading/index.js';

/** 忘了 / 模糊 / 记得 (Again, Hard, Good). */
export function RatingButtons({ onRate, suggested }: { onRate: (r: ReviewRating) => void; suggested?: ReviewRating }) {
  return (
    <div className="review-rate" role="group" aria-label="记得多少">
      {REVIEW_RATINGS.map((r) => (
        <Button key={r} type={r === suggested ? 'primary' : 'default'} className={`review-rate__${r}`} onClick={() => onRate(r)}>
          {REVIEW_RATING_LABELS[r]}
        </Button>
      ))}
    </div>
  );
}

/** 回忆: the 出处 first; the line once the reader asks; then how well they remembered it. */
export function RecallCard({ card, onRate }: { card: ReviewCard; onRate: (r: ReviewRating) => void }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="review-card__body">
      <p className="review-card__credit serif">{card.credit ? `—— ${card.credit}` : '这句出自你的收藏'}</p>
      {shown ? (
        <>
          <p className="review-card__text serif">{card.text}</p>
          <RatingButtons onRate={onRate} />
        </>
      ) : (
        <>
          <p className="review-card__prompt">先在心里默念这一句，再看原句。</p>
          <Button type="primary" size="large" block onClick={() => setShown(true)}>
            显示原句
          </Button>
        </>
      )}
    </div>
  );
}

interface DictationProps {
  card: ReviewCard;
  onRate: (r: ReviewRating) => void;
  /** Loads the Traditional-to-Simplified converter (默写 accepts either). */
  loadSimplifier: () => Promise<(text: string) => string>;
  /** Loads 拼音 for the line (pinyin-pro, on request). */
  loadPinyin: () => Promise<(text: string) => RubyChar[]>;
}

/** 默写: about a third of the characters blanked; the reader types them; the check shows each, then the rating. */
export function DictationCard({ card, onRate, loadSimplifier, loadPinyin }: DictationProps) {
  const chars = useMemo(() => [...card.text], [card.text]);
  const blanks = useMemo(() => blankedIndexes(card.text, card.id), [card.text, card.id]);
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<DictationResult | null>(null);
  const [pinyin, setPinyin] = useState<RubyChar[] | null>(null);
  const order = new Map(blanks.map((i, k) => [i, k]));

  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    // Without the converter (offline before it was ever loaded) the typed text is compared as it is.
    const simplified = await loadSimplifier().then(
      (f) => f(typed),
      () => typed,
    );
    setResult(checkDictation(card.text, blanks, simplified));
    setChecking(false);
  };
  const hint = async () => setPinyin((await loadPinyin())(card.text));

  return (
    <div className="review-card__body">
      <p className="review-card__text review-card__text--blanks serif" aria-label="默写的句子">
        {chars.map((ch, i) => {
          const k = order.get(i);
          if (k === undefined)
            return (
              <span key={i} className="review-char">
                {ch}
              </span>
            );
          const r = result?.blanks[k];
          return (
            <span key={i} className={`review-char review-blank${r ? (r.ok ? ' is-ok' : ' is-wrong') : ''}`} data-blank={k}>
              {pinyin ? <span className="review-blank__py">{pinyin[i]?.py ?? ''}</span> : null}
              <span className="review-blank__ch">{r ? r.expected : '　'}</span>
            </span>
          );
        })}
      </p>
      <p className="review-card__credit serif">{card.credit ? `—— ${card.credit}` : null}</p>
      {result ? (
        <>
          <p className="review-card__verdict" role="status">
            {result.correct === blanks.length ? `全部写对了（${blanks.length} 个字）` : `写对 ${result.correct} / ${blanks.length} 个字`}
            {result.blanks.some((b) => !b.ok && b.typed) ? (
              <span className="review-card__typed">你写的：{result.blanks.map((b) => b.typed || '＿').join('')}</span>
            ) : null}
          </p>
          <RatingButtons onRate={onRate} suggested={result.correct === blanks.length ? 'good' : result.correct > 0 ? 'hard' : 'again'} />
        </>
      ) : (
        <form
          className="review-dictation"
          onSubmit={(e) => {
            e.preventDefault();
            void check();
          }}
        >
          <label className="review-dictation__label" htmlFor={`dictation-${card.id}`}>
            依次写出空缺的 {blanks.length} 个字（简体、繁體都可以）
          </label>
          <input
            id={`dictation-${card.id}`}
            className="review-dictation__input"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            lang="zh"
          />
          <div className="review-dictation__actions">
            <Button onClick={() => void hint()} disabled={pinyin !== null}>
              拼音提示
            </Button>
            <Button type="primary" htmlType="submit" loading={checking}>
              检查
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
