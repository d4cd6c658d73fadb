import { describe, expect, it } from 'vitest';
import { printsQuote, questionsSearch } from './worksheet.ts';

describe('worksheet printing', () => {
  it('prints a sentence once: no quote above wording that already quotes it', () => {
    const sentence = '不仁者，不可以久處約，不可以長處樂。';
    expect(printsQuote({ content: `試把「${sentence}」譯為白話文。`, targetText: sentence })).toBe(false);
    expect(printsQuote({ content: '「約」在句中的意思是：', targetText: '不可以久處約' })).toBe(true);
    expect(printsQuote({ content: '這種文體稱為：', targetText: null })).toBe(false);
    expect(printsQuote({ content: '這種文體稱為：', targetText: '  ' })).toBe(false);
  });

  it('keeps the chosen items on the sheet’s other links', () => {
    expect(questionsSearch(null)).toBe('');
    expect(questionsSearch('l01-st-01,l01-st-02')).toBe('?questions=l01-st-01%2Cl01-st-02');
  });
});
