import { describe, expect, it } from 'vitest';
import { percentLabel } from './progress.ts';

describe('a percent as the screens print it', () => {
  it('is a whole number as it is, another to one decimal, and a dash for none', () => {
    expect(percentLabel(80)).toBe('80%');
    expect(percentLabel(66.66)).toBe('66.7%');
    expect(percentLabel(0)).toBe('0%');
    expect(percentLabel(null)).toBe('—');
  });
});
