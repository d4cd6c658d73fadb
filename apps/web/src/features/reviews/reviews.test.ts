import { describe, expect, it } from 'vitest';
import { reviewMinutes, reviewPath } from '../../lib/reviews.ts';
import { sessionFromSearch } from './ReviewSessionPage.tsx';

describe('the review screens', () => {
  it('reads the kind of session from the address, falling back to today’s due cards', () => {
    expect(sessionFromSearch(new URLSearchParams(''))).toEqual({ mode: 'due', tag: null });
    expect(sessionFromSearch(new URLSearchParams('mode=error_book'))).toEqual({
      mode: 'error_book',
      tag: null,
    });
    expect(sessionFromSearch(new URLSearchParams('mode=tag&tag=polysemy'))).toEqual({
      mode: 'tag',
      tag: 'polysemy',
    });
    expect(sessionFromSearch(new URLSearchParams('mode=nonsense&tag=nonsense'))).toEqual({
      mode: 'due',
      tag: null,
    });
    // The paths the buttons use read back as what they start.
    expect(sessionFromSearch(new URLSearchParams(reviewPath.tag('theme').split('?')[1]))).toEqual({
      mode: 'tag',
      tag: 'theme',
    });
  });

  it('estimates about 20 seconds a card, at least a minute', () => {
    expect(reviewMinutes(1)).toBe(1);
    expect(reviewMinutes(3)).toBe(1);
    expect(reviewMinutes(4)).toBe(2);
    expect(reviewMinutes(30)).toBe(10);
  });
});
