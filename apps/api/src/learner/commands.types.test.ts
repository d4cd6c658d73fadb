/**
 * A command's reply is typed by its route's contract: a reply that drifts from the contract (a field
 * renamed, a field missing) fails `tsc`, as the read routes always did. The `@ts-expect-error` lines
 * below are the proof: if the reply type ever stopped checking them, `tsc -b` would fail on the unused
 * directive.
 */
import type { Output } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { REFUSAL_STATUS } from '../plugins/errors.ts';
import type { CommandReply } from './commands.ts';

/** Hands a reply builder on unchanged (the type check is the point). */
const answerReply = <R extends Output<'submitAnswer'>>(reply: CommandReply<'submitAnswer', undefined, R>) =>
  reply;
const nodeReply = <R extends Output<'completeNode'>>(reply: CommandReply<'completeNode', undefined, R>) =>
  reply;

// Only ever spread inside reply builders that are never called: a value for the types alone.
declare const rest: Omit<Output<'submitAnswer'>, 'isCorrect'>;
declare const nodeRest: Omit<Output<'completeNode'>, 'xpAwarded'>;

describe('command replies', () => {
  it('accept a reply of the contract’s shape and refuse a renamed field', () => {
    const good = answerReply(() => ({ ...rest, isCorrect: true }));
    // @ts-expect-error renaming isCorrect in the answer's reply fails the build
    const renamed = answerReply(() => ({ ...rest, isCorect: true }));
    // @ts-expect-error a reply missing a field of the contract fails the build
    const missing = nodeReply(() => ({ ...nodeRest }));
    expect([good, renamed, missing].every((r) => typeof r === 'function')).toBe(true);
  });

  it('map every domain refusal to a 4xx, except a broken clock (500)', () => {
    for (const [code, status] of Object.entries(REFUSAL_STATUS)) {
      expect(status, code).toBe(code === 'INVALID_NOW' ? 500 : status);
      expect(status >= 400 && status < 600, code).toBe(true);
    }
    expect(REFUSAL_STATUS.NOT_IN_ERROR_BOOK).toBe(404);
    expect(REFUSAL_STATUS.ALREADY_MASTERED).toBe(409);
    expect(REFUSAL_STATUS.EMPTY_ANSWER).toBe(400);
  });
});
