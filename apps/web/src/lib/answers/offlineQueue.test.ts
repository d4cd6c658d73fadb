import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../api.ts';
import { answerResult } from '../test-support/answers.ts';
import {
  AnswerQueuedError,
  type AnswerSubmission,
  createAnswerSubmitter,
  type SendAnswer,
} from './answerSubmitter.ts';
import { createOfflineQueue, type QueuedAnswer, type QueueStorage } from './offlineQueue.ts';

const result = (isCorrect: boolean) => answerResult(isCorrect);

const answer = (questionId: string, selectedAnswer = '甲', userId = 'u1'): AnswerSubmission => ({
  userId,
  questionId,
  selectedAnswer,
  timeSpent: 4,
});

/** An in-memory store standing in for IndexedDB (a copy on every read and write, as structured clone does). */
function memoryStorage(): QueueStorage & { entries: () => QueuedAnswer[] } {
  let stored: QueuedAnswer[] = [];
  return {
    read: async () => structuredClone(stored),
    write: async (entries) => {
      stored = structuredClone(entries);
    },
    entries: () => stored,
  };
}

/** A server that counts each Idempotency-Key once (a repeat is replayed), while `online()` holds. */
function server(online: () => boolean) {
  const counted = new Map<string, AnswerSubmission>();
  const send = vi.fn<SendAnswer>(async (body, key) => {
    if (!online()) throw new TypeError('Failed to fetch');
    if (!counted.has(key)) counted.set(key, body);
    return result(body.selectedAnswer === '甲');
  });
  return { send, counted };
}

function counter() {
  let n = 0;
  return () => `k${++n}`;
}

describe('answering offline', () => {
  it('keeps an answer given offline on the device with its key and moment, and never calls the server', async () => {
    const storage = memoryStorage();
    const queue = createOfflineQueue(storage);
    const api = server(() => false);
    const submitter = createAnswerSubmitter(api.send, {
      queue,
      isOffline: () => true,
      mint: counter(),
      now: () => new Date('2024-09-03T14:00:00.000Z'),
    });
    await expect(submitter.submit(answer('q1'))).rejects.toBeInstanceOf(AnswerQueuedError);
    expect(api.send).not.toHaveBeenCalled();
    expect(storage.entries()).toEqual([
      {
        key: 'k1',
        answer: { ...answer('q1'), answeredAt: '2024-09-03T14:00:00.000Z' },
        queuedAt: expect.any(String),
        session: expect.any(String),
      },
    ]);
  });

  it('keeps an answer whose send fails on the network, and not one the server refuses', async () => {
    const storage = memoryStorage();
    const queue = createOfflineQueue(storage);
    const send = vi
      .fn<SendAnswer>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch')) // the queued q1, tried again first
      .mockRejectedValueOnce(new HttpError(404, '404: question', 'NOT_FOUND'));
    const submitter = createAnswerSubmitter(send, { queue, isOffline: () => false, mint: counter() });
    await expect(submitter.submit(answer('q1'))).rejects.toBeInstanceOf(AnswerQueuedError);
    await expect(submitter.submit(answer('q2'))).rejects.toBeInstanceOf(HttpError);
    expect(storage.entries().map((e) => e.key)).toEqual(['k1']);
  });

  it('sends the waiting answers in order when the connection returns, each counted once, with their verdicts', async () => {
    let online = false;
    const queue = createOfflineQueue(memoryStorage());
    const api = server(() => online);
    const submitter = createAnswerSubmitter(api.send, { queue, isOffline: () => !online, mint: counter() });
    await expect(submitter.submit(answer('q1', '甲'))).rejects.toBeInstanceOf(AnswerQueuedError);
    await expect(submitter.submit(answer('q2', '乙'))).rejects.toBeInstanceOf(AnswerQueuedError);
    expect(await queue.waiting('u1')).toHaveLength(2);

    online = true;
    const report = await queue.flush('u1', api.send);
    expect(report.sent.map(({ entry, result }) => [entry.answer.questionId, result.isCorrect])).toEqual([
      ['q1', true],
      ['q2', false],
    ]);
    expect(report.waiting).toBe(0);
    expect(await queue.waiting('u1')).toEqual([]);
    // A second flush (another online event, a restart) sends nothing again.
    expect((await queue.flush('u1', api.send)).sent).toEqual([]);
    expect([...api.counted.keys()]).toEqual(['k1', 'k2']);
    expect(api.send).toHaveBeenCalledTimes(2);
  });

  it('sends the waiting answers before a new one, and reports their verdicts through onAcknowledged', async () => {
    let online = false;
    const queue = createOfflineQueue(memoryStorage());
    const api = server(() => online);
    const acknowledged = vi.fn();
    const submitter = createAnswerSubmitter(api.send, {
      queue,
      isOffline: () => !online,
      mint: counter(),
      onAcknowledged: acknowledged,
    });
    await expect(submitter.submit(answer('q1'))).rejects.toBeInstanceOf(AnswerQueuedError);
    online = true;
    await submitter.submit(answer('q2'));
    expect(api.send.mock.calls.map(([body]) => body.questionId)).toEqual(['q1', 'q2']);
    expect(acknowledged.mock.calls.map(([, body]) => body.questionId)).toEqual(['q1', 'q2']);
    expect(await queue.waiting('u1')).toEqual([]);
  });

  it('stops at the first network failure and keeps the rest in order', async () => {
    let calls = 0;
    const queue = createOfflineQueue(memoryStorage());
    const submitter = createAnswerSubmitter(vi.fn(), { queue, isOffline: () => true, mint: counter() });
    for (const id of ['q1', 'q2', 'q3']) await submitter.submit(answer(id)).catch(() => undefined);
    const send = vi.fn<SendAnswer>(async () => {
      if (++calls === 2) throw new TypeError('Failed to fetch');
      return result(true);
    });
    const report = await queue.flush('u1', send);
    expect(report.sent).toHaveLength(1);
    expect(report.waiting).toBe(2);
    expect((await queue.waiting('u1')).map((e) => e.answer.questionId)).toEqual(['q2', 'q3']);
  });

  it('sends only the signed-in learner’s answers', async () => {
    const queue = createOfflineQueue(memoryStorage());
    const submitter = createAnswerSubmitter(vi.fn(), { queue, isOffline: () => true, mint: counter() });
    await submitter.submit(answer('q1', '甲', 'u1')).catch(() => undefined);
    await submitter.submit(answer('q2', '甲', 'u2')).catch(() => undefined);
    const api = server(() => true);
    await queue.flush('u2', api.send);
    expect(api.send.mock.calls.map(([body]) => body.userId)).toEqual(['u2']);
    expect((await queue.waiting('u1')).map((e) => e.answer.questionId)).toEqual(['q1']);
  });

  it('keeps one entry when the same answer is submitted again while offline (same key)', async () => {
    const storage = memoryStorage();
    const queue = createOfflineQueue(storage);
    const submitter = createAnswerSubmitter(vi.fn(), { queue, isOffline: () => true, mint: counter() });
    await submitter.submit(answer('q1')).catch(() => undefined);
    await submitter.submit(answer('q1')).catch(() => undefined);
    expect(storage.entries().map((e) => e.key)).toEqual(['k1']);
  });

  it('keeps one answer per question when the learner taps again with another selection, offline', async () => {
    const storage = memoryStorage();
    const queue = createOfflineQueue(storage);
    const send = vi.fn<SendAnswer>();
    const submitter = createAnswerSubmitter(send, { queue, isOffline: () => true, mint: counter() });
    for (const selected of ['甲', '乙', '丙']) {
      await expect(submitter.submit(answer('q1', selected))).rejects.toMatchObject({ key: 'k1' });
    }
    await expect(submitter.submit(answer('q2'))).rejects.toBeInstanceOf(AnswerQueuedError);
    expect(storage.entries().map((e) => [e.answer.questionId, e.answer.selectedAnswer])).toEqual([
      ['q1', '甲'],
      ['q2', '甲'],
    ]);
    expect(send).not.toHaveBeenCalled();
  });

  it('does not send a second answer to a kept question once the server is reachable again', async () => {
    let online = false;
    const storage = memoryStorage();
    const queue = createOfflineQueue(storage);
    const api = server(() => online);
    const submitter = createAnswerSubmitter(api.send, { queue, mint: counter() });
    await expect(submitter.submit(answer('q1', '甲'))).rejects.toBeInstanceOf(AnswerQueuedError);
    online = true;
    await expect(submitter.submit(answer('q1', '乙'))).rejects.toBeInstanceOf(AnswerQueuedError);
    await queue.flush('u1', api.send);
    expect([...api.counted.values()].map((b) => [b.questionId, b.selectedAnswer])).toEqual([['q1', '甲']]);
  });

  it('the queue itself keeps one waiting answer per question and session, not across sessions', async () => {
    const storage = memoryStorage();
    const queue = createOfflineQueue(storage);
    const attempt = (key: string, selectedAnswer: string) => ({ key, answer: answer('q1', selectedAnswer) });
    await queue.add(attempt('a', '甲'), undefined, 's1');
    await queue.add(attempt('b', '乙'), undefined, 's1');
    await queue.add(attempt('c', '甲'), undefined, 's2');
    expect(storage.entries().map((e) => e.key)).toEqual(['a', 'c']);
  });
});

describe('which failed answers are kept on the device', () => {
  it('keeps an answer the network or a restarting server refused, not one a server error refused', async () => {
    const { isOfflineFailure } = await import('./offlineQueue.ts');
    expect(isOfflineFailure(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [502, 503, 504, 429])
      expect(isOfflineFailure(new HttpError(status, 'x', null)), String(status)).toBe(true);
    for (const status of [500, 400, 409])
      expect(isOfflineFailure(new HttpError(status, 'x', null)), String(status)).toBe(false);
  });
});
