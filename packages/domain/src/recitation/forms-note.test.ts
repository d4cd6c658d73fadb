import { describe, expect, it } from 'vitest';
import { markRecall } from './dictation.ts';
import { acceptedFormsNote } from './forms.ts';

describe('the note of accepted forms', () => {
  it('names each accepted form once, and none of the wrong, missing or written-as-is characters', () => {
    const marks = [
      { character: '煖', typed: '暖', status: 'correct' },
      { character: '煖', typed: '暖', status: 'correct' },
      { character: '學', typed: '學', status: 'correct' },
      { character: '說', typed: '悅', status: 'wrong' },
      { character: '習', typed: '', status: 'missing' },
    ];
    expect(acceptedFormsNote(marks)).toBe('接受異體字／簡體字：煖→暖');
  });
  it('is null when every character was written in the text’s own form', () => {
    expect(acceptedFormsNote([{ character: '學', typed: '學', status: 'correct' }])).toBeNull();
    expect(acceptedFormsNote([])).toBeNull();
  });
});

describe('the accuracy of a written range', () => {
  it('is 0 for a range with nothing to write and nothing written', () => {
    expect(markRecall('學，而', 1, 2, '').accuracy).toBe(0);
  });
});
