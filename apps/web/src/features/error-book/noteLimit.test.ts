import { ERROR_NOTE_MAX_LENGTH, UpdateErrorQuestionBodySchema } from '@wenyan/contracts';
import { NOTE_MAX_LENGTH } from '@wenyan/domain';
import { describe, expect, it } from 'vitest';

/** The error book's note has one length limit: the client's field, the contract and the domain's decision. */
describe('the personal note length limit', () => {
  it('is the same in the contract as in the domain (which the client field uses)', () => {
    expect(ERROR_NOTE_MAX_LENGTH).toBe(NOTE_MAX_LENGTH);
  });

  it('accepts a note at the limit and refuses one character more, counting characters not UTF-16 units', () => {
    const body = (note: string) =>
      UpdateErrorQuestionBodySchema.safeParse({ isCorrect: false, userExplanation: note });
    expect(body('學'.repeat(NOTE_MAX_LENGTH)).success).toBe(true);
    expect(body('學'.repeat(NOTE_MAX_LENGTH + 1)).success).toBe(false);
    // A character outside the BMP is one character (two UTF-16 units).
    expect(body('𠀀'.repeat(NOTE_MAX_LENGTH)).success).toBe(true);
  });
});
