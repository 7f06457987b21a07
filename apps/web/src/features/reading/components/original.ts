import { useMemo } from 'react';
import { useReadingPrefs } from './prefs.js';

interface WithOriginal {
  type: 'sentence' | 'essay';
  title: string | null;
  content: string;
  originalTitle?: string | null;
  originalContent?: string | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The text as a reader of 繁體 should see it: an imported text's stored Traditional original (title and text, as the
 * corpus writes them) rather than a conversion of its Simplified form; any other text as it is (the page's
 * converter turns it to 繁體).
 */
export function shownEssay<T extends WithOriginal>(essay: T, zh: 'hans' | 'tw' | 'hk'): T {
  if (zh === 'hans' || !essay.originalContent) return essay;
  const content =
    essay.type === 'essay'
      ? essay.originalContent
          .split('\n')
          .filter((p) => p.trim())
          .map((p) => `<p>${escapeHtml(p)}</p>`)
          .join('')
      : essay.originalContent;
  return { ...essay, title: essay.originalTitle ?? essay.title, content };
}

export function useShownEssay<T extends WithOriginal>(essay: T): T {
  const { zh } = useReadingPrefs();
  return useMemo(() => shownEssay(essay, zh), [essay, zh]);
}
