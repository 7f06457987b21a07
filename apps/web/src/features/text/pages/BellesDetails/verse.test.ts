import { describe, expect, it } from 'vitest';
import { paragraphsOf, verseOf } from './verse.js';

describe('verseOf', () => {
  it('finds the longest clause of a poem, its stop included', () => {
    expect(verseOf(['君不见，黄河之水天上来，奔流到海不复回。', '五花马、千金裘，'])).toEqual({ longest: 8 });
  });

  it('takes an essay of short paragraphs for verse', () => {
    expect(verseOf(paragraphsOf('<p>汉皇重色思倾国，御宇多年求不得。</p><p>杨家有女初长成，养在深闺人未识。</p>'))).toEqual({ longest: 8 });
  });

  it('leaves prose alone: a long paragraph, or a long run without a stop', () => {
    expect(
      verseOf(['世有伯乐，然后有千里马。千里马常有，而伯乐不常有。故虽有名马，祗辱于奴隶人之手，骈死于槽枥之间，不以千里称也。']),
    ).toBeNull();
    expect(verseOf(['一二三四五六七八九十一二三四五六七'])).toBeNull();
    expect(verseOf(['', ' '])).toBeNull();
  });
});
