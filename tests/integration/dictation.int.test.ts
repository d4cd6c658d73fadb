/**
 * 默書 through the API: a written run (free recall, the next line of a 名句, a miswritten phrase) is
 * marked by the server against the stored text: each character correct, wrong or missing, the extra
 * characters with the place they follow, every character recorded as an attempt; a bad body is a 400
 * naming the field, with nothing written.
 */
import { RecitationResultSchema } from '@wenyan/contracts';
import { nextLineRange, phraseRange } from '@wenyan/domain';
import { learnerStreamId } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import setTexts from '../../content/data/set-texts.json' with { type: 'json' };
import { signUp, type TestAccount } from '../support/accounts.ts';
import { useTestApp } from '../support/app-harness.ts';

const YUEYANG = setTexts.find((t) => t.id === 9)!.content;

describe('POST /api/recitations, the written modes (默書)', () => {
  let learner: TestAccount;
  const t = useTestApp('embedded');
  const finish = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/recitations', headers: learner.headers, payload });
  const recitationEvents = () =>
    t.runtime.deps.db
      .selectFrom('events')
      .select(['data'])
      .where('stream_id', '=', learnerStreamId(learner.id))
      .where('type', '=', 'RecitationFinished')
      .orderBy('version')
      .execute();

  beforeAll(async () => {
    learner = await signUp(t.app);
  });

  it('marks a free recall: a wrong, a missing and an extra character, each at its place', async () => {
    const range = phraseRange(YUEYANG, '不以物喜，不以己悲')!;
    // 物 written 勿, 己 left out, 也 added after 悲.
    const res = await finish({
      lessonId: 9,
      ...range,
      mode: 'free_recall',
      durationMs: 9000,
      written: '不以勿喜，不以悲也',
    });
    expect(res.statusCode).toBe(201);
    const body = RecitationResultSchema.parse(res.json());
    const at = (offset: number) => body.marks.find((m) => m.position === range.start + offset);
    expect(body.mode).toBe('free_recall');
    expect(body.marks).toHaveLength(8);
    expect(at(2)).toEqual({ position: range.start + 2, character: '物', typed: '勿', status: 'wrong' });
    expect(at(7)).toEqual({ position: range.start + 7, character: '己', typed: '', status: 'missing' });
    expect(body.extras).toEqual([{ after: range.start + 8, typed: '也' }]);
    expect(body.marks.filter((m) => m.status === 'correct')).toHaveLength(6);
    // 6 correct of 8 expected + 1 extra.
    expect(body.accuracy).toBe(67);
    expect(body.mistakes).toBe(3);

    const [event] = await recitationEvents();
    const data = event!.data as { attempts: { position: number }[]; extra: unknown[]; mode: string };
    expect(data.mode).toBe('free_recall');
    expect(data.attempts).toHaveLength(8);
    expect(data.extra).toEqual([{ after: range.start + 8, typed: '也' }]);
  });

  it('marks the next line of a 名句 and a miswritten phrase at their ranges', async () => {
    const second = nextLineRange(YUEYANG, '先天下之憂而憂', '後天下之樂而樂')!;
    const right = RecitationResultSchema.parse(
      (
        await finish({
          lessonId: 9,
          ...second,
          mode: 'next_line',
          durationMs: 3000,
          written: '後天下之樂而樂',
        })
      ).json(),
    );
    expect(right.accuracy).toBe(100);
    expect(right.marks.map((m) => m.character).join('')).toBe('後天下之樂而樂');

    const phrase = phraseRange(YUEYANG, '檣傾楫摧')!;
    const wrong = RecitationResultSchema.parse(
      (
        await finish({ lessonId: 9, ...phrase, mode: 'miswrite', durationMs: 3000, written: '牆傾揖摧' })
      ).json(),
    );
    expect(wrong.marks.filter((m) => m.status === 'wrong').map((m) => [m.character, m.typed])).toEqual([
      ['檣', '牆'],
      ['楫', '揖'],
    ]);
    expect(wrong.grade).toBe('needs_improvement');
  });

  it('refuses a written answer over 4000 characters with a 400 naming body.written, and writes nothing', async () => {
    const before = (await recitationEvents()).length;
    const res = await finish({
      lessonId: 9,
      start: 0,
      end: 10,
      mode: 'free_recall',
      durationMs: 1000,
      written: '憂'.repeat(4001),
    });
    expect(res.statusCode).toBe(400);
    const error = res.json().error as { code: string; details: { field: string }[] };
    expect(error.code).toBeTypeOf('string');
    expect(error.details.map((d) => d.field)).toContain('body.written');
    expect(await recitationEvents()).toHaveLength(before);
  });

  it('refuses a written mode without `written`', async () => {
    const res = await finish({ lessonId: 9, start: 0, end: 10, mode: 'next_line', durationMs: 1000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain('body.written');
  });
});
