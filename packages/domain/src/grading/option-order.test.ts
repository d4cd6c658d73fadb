import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optionOrder } from './option-order.ts';

const OPTIONS = ['窮困', '約定', '大約', '節約'];

describe('optionOrder', () => {
  it('keeps every option exactly once', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.uniqueArray(fc.string(), { maxLength: 6 }), (l, q, opts) => {
        const ordered = optionOrder(l, q, opts);
        expect([...ordered].sort()).toEqual([...opts].sort());
      }),
    );
  });

  it('is the same every time for one learner and question', () => {
    expect(optionOrder('42', 'l01-wi-01', OPTIONS)).toEqual(optionOrder('42', 'l01-wi-01', OPTIONS));
  });

  it('differs between learners and between questions', () => {
    const orders = new Set<string>();
    for (let learner = 1; learner <= 40; learner += 1) {
      orders.add(optionOrder(String(learner), 'l01-wi-01', OPTIONS).join());
    }
    // 24 orders of four options: forty learners see many of them, not one.
    expect(orders.size).toBeGreaterThan(10);
    const byQuestion = new Set(
      Array.from({ length: 40 }, (_, i) => optionOrder('42', `q-${i}`, OPTIONS).join()),
    );
    expect(byQuestion.size).toBeGreaterThan(10);
  });

  it('puts the key in each place about equally often', () => {
    const places = [0, 0, 0, 0];
    for (let learner = 0; learner < 4000; learner += 1) {
      const at = optionOrder(String(learner), 'q', OPTIONS).indexOf('窮困');
      places[at] = (places[at] ?? 0) + 1;
    }
    for (const n of places) expect(n).toBeGreaterThan(850);
  });
});
