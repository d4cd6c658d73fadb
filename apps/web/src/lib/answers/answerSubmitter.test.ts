import type { AnswerResult } from '@wenyan/contracts';
import { describe, expect, it, vi } from 'vitest';
import { answerResult } from '../test-support/answers.ts';
import { type AnswerSubmission, createAnswerSubmitter, holdAttempt } from './answerSubmitter.ts';

const RESULT = answerResult(true, { answerVersion: 3 });

const answer = (questionId: string, selectedAnswer: string, timeSpent = 3.4): AnswerSubmission => ({
  userId: 'u1',
  questionId,
  selectedAnswer,
  timeSpent,
});

/** Keys k1, k2, ... in order, so a test can tell which answer minted which. */
function counter() {
  let n = 0;
  return () => `k${++n}`;
}

/** A send that fails the first `failures` calls (as after the client's own retries), then answers. */
function flaky(failures: number) {
  let left = failures;
  return vi.fn(async (_answer: AnswerSubmission, _key: string) => {
    if (left-- > 0) throw new Error('500: 伺服器錯誤');
    return RESULT;
  });
}

describe('holdAttempt', () => {
  it('keeps the held attempt for the same question and selection', () => {
    const held = holdAttempt(null, answer('q1', '甲'), () => 'a');
    expect(holdAttempt(held, answer('q1', '甲', 9), () => 'b')).toBe(held);
  });

  it('mints a new key for another selection or another question', () => {
    const held = holdAttempt(null, answer('q1', '甲'), () => 'a');
    expect(holdAttempt(held, answer('q1', '乙'), () => 'b').key).toBe('b');
    expect(holdAttempt(held, answer('q2', '甲'), () => 'c').key).toBe('c');
  });
});

describe('the answer submitter', () => {
  describe('when a submission fails and the learner submits again', () => {
    it('sends the same selection with the same Idempotency-Key on every manual retry', async () => {
      const send = flaky(2);
      const submitter = createAnswerSubmitter(send, { mint: counter() });
      await expect(submitter.submit(answer('q1', '甲'))).rejects.toThrow('500');
      expect(submitter.heldKey()).toBe('k1');
      await expect(submitter.submit(answer('q1', '甲'))).rejects.toThrow('500');
      await expect(submitter.submit(answer('q1', '甲'))).resolves.toEqual(RESULT);
      expect(send.mock.calls.map(([, key]) => key)).toEqual(['k1', 'k1', 'k1']);
    });

    it.each([
      {
        when: 'changes the key when the selection changes, and keeps the new one',
        picks: ['甲', '乙', '乙'],
        sent: ['甲:k1', '乙:k2', '乙:k2'],
      },
      {
        when: 'going back to an earlier selection is another answer with a new key',
        picks: ['甲', '乙', '甲'],
        sent: ['甲:k1', '乙:k2', '甲:k3'],
      },
    ])('$when', async ({ picks, sent }) => {
      const send = flaky(2);
      const submitter = createAnswerSubmitter(send, { mint: counter() });
      const [first, second, third] = picks as [string, string, string];
      await expect(submitter.submit(answer('q1', first))).rejects.toThrow();
      await expect(submitter.submit(answer('q1', second))).rejects.toThrow();
      await submitter.submit(answer('q1', third));
      expect(send.mock.calls.map(([a, key]) => `${a.selectedAnswer}:${key}`)).toEqual(sent);
    });

    it('resends the first try’s body, time spent included: the server refuses a key reused with another body', async () => {
      const send = flaky(1);
      const submitter = createAnswerSubmitter(send, { mint: counter() });
      await expect(submitter.submit(answer('q1', '甲', 4.2))).rejects.toThrow();
      await submitter.submit(answer('q1', '甲', 11));
      expect(send.mock.calls[1]).toEqual(send.mock.calls[0]);
      expect(send.mock.calls[1]?.[0].timeSpent).toBe(4);
    });
  });

  describe('when the answer is acknowledged', () => {
    it('releases the key: the next question, or the same one answered again later, gets a new key', async () => {
      const send = flaky(0);
      const submitter = createAnswerSubmitter(send, { mint: counter() });
      await submitter.submit(answer('q1', '甲'));
      expect(submitter.heldKey()).toBeNull();
      await submitter.submit(answer('q2', '甲'));
      await submitter.submit(answer('q1', '甲'));
      expect(send.mock.calls.map(([, key]) => key)).toEqual(['k1', 'k2', 'k3']);
    });

    it('tells onAcknowledged once per answer, before submit resolves', async () => {
      const seen: string[] = [];
      const submitter = createAnswerSubmitter(flaky(1), {
        mint: counter(),
        onAcknowledged: (result, a) => seen.push(`${a.questionId}:${result.totals.totalXP}`),
      });
      await expect(submitter.submit(answer('q1', '甲'))).rejects.toThrow();
      expect(seen).toEqual([]);
      await submitter.submit(answer('q1', '甲'));
      expect(seen).toEqual(['q1:10']);
    });
  });

  it('sends the time spent in whole seconds, never negative', async () => {
    const send = flaky(0);
    const submitter = createAnswerSubmitter(send, { mint: counter() });
    await submitter.submit(answer('q1', '甲', 3.6));
    await submitter.submit(answer('q2', '甲', -2));
    expect(send.mock.calls.map(([a]) => a.timeSpent)).toEqual([4, 0]);
  });

  it('a second submit of the answer in flight waits for it instead of sending again', async () => {
    let finish: (result: AnswerResult) => void = () => {};
    const send = vi.fn(
      (_answer: AnswerSubmission, _key: string) =>
        new Promise<AnswerResult>((resolve) => {
          finish = resolve;
        }),
    );
    const submitter = createAnswerSubmitter(send, { mint: counter() });
    const first = submitter.submit(answer('q1', '甲'));
    const second = submitter.submit(answer('q1', '甲'));
    finish(RESULT);
    await expect(Promise.all([first, second])).resolves.toEqual([RESULT, RESULT]);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
