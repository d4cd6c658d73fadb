import { markRecall } from '@wenyan/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkedRange } from './MarkedRange.tsx';

const TEXT = '乍煖還寒時候，最難將息。';

const render = (written: string) => {
  const { marks, extras } = markRecall(TEXT, 0, 6, written);
  return renderToStaticMarkup(
    <MarkedRange text={TEXT} start={0} end={6} marking={{ marks: [...marks], extras: [...extras] }} />,
  );
};

describe('the marked 默書 range', () => {
  it('counts a variant form as right and says which form it accepted', () => {
    const html = render('乍暖還寒時候');
    expect(html).toContain('全部正確');
    expect(html).toContain('接受異體字／簡體字：煖→暖');
    expect(html).toContain('（寫作「暖」，接受）');
  });

  it('has no note when every character is the text’s own', () => {
    const html = render('乍煖還寒時候');
    expect(html).toContain('全部正確');
    expect(html).not.toContain('接受異體字');
  });
});
