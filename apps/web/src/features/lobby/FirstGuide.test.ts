import { describe, expect, it } from 'vitest';
import { examYearChoices } from './FirstGuide.tsx';

describe('the first-sign-in guide', () => {
  it('offers the coming exam year and the two after it', () => {
    expect(examYearChoices({ examDate: '2027-04-12' })).toEqual([2027, 2028, 2029]);
  });
});
