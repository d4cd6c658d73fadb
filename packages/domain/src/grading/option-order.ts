/**
 * The order a learner sees a question's options in: chosen by the server, different per learner and
 * question, and the same every time that learner opens that question (a hash of both ids seeds the
 * shuffle). Grading never depends on it: an answer names the option by its text.
 */
import { seededRandom } from '../adaptive/adaptive.ts';

/** FNV-1a, 32 bits, over the UTF-16 code units of `text`. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The options in the order `learnerId` sees them for `questionId` (Fisher–Yates, seeded by the ids).
 * @example optionOrder('42', 'l01-wi-01', ['甲', '乙', '丙', '丁']) // the same four, in this learner's order
 */
export function optionOrder<T>(learnerId: string, questionId: string, options: readonly T[]): T[] {
  const order = [...options];
  const random = seededRandom(hash32(`${learnerId}\u0000${questionId}`));
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as T, order[i] as T];
  }
  return order;
}
