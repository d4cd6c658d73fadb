import { describe, expect, it } from 'vitest';
import { foldText } from './fold.ts';

describe('foldText', () => {
  it.each([
    ['藉口', '借口'],
    ['瞭解', '了解'],
    ['彷彿', '仿佛'],
    ['萬鍾', '万锺'],
    ['乍煖還寒', '乍暖还寒'],
    ['迴首', '回首'],
    ['牠算得上很大', '它算得上很大'],
  ])('folds the variant pair %s and %s to one form', (variant, standard) => {
    expect(foldText(variant)).toBe(foldText(standard));
  });

  it('keeps different words apart', () => {
    expect(foldText('前面')).not.toBe(foldText('後面'));
  });
});
