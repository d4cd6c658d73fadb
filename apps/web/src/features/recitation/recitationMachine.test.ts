import type { RecitationResult } from '@wenyan/contracts';
import { seededRandom } from '@wenyan/domain';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import {
  halfPoint,
  type MarkRecallInput,
  type RecitationLesson,
  recitationMachine,
  type SaveRecitationInput,
  sentencePresets,
  type Tone,
} from './recitationMachine.ts';

const LESSON: RecitationLesson = { id: 1, title: '論語', content: '學而時習之，不亦說乎？' };
const EMPTY: RecitationLesson = { id: 2, title: '空', content: '' };

function start(options: { sound?: boolean; save?: (input: SaveRecitationInput) => Promise<void> } = {}) {
  const tones: Tone[] = [];
  const saved: SaveRecitationInput[] = [];
  const clock = new SimulatedClock();
  const machine = recitationMachine.provide({
    actions: {
      playTone: (_, params) => {
        if (params.audible) tones.push(params.tone);
      },
    },
    actors: {
      ticker: fromCallback(() => () => {}),
      saveRecitation: fromPromise(async ({ input }: { input: SaveRecitationInput }) => {
        saved.push(input);
        if (options.save) await options.save(input);
      }),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { random: seededRandom(7), commonCharacters: '之乎者也矣焉哉', sound: options.sound ?? true },
  });
  actor.start();
  return { actor, clock, tones, saved };
}

/** The character the learner must pick now. */
function expected(actor: ReturnType<typeof start>['actor']): string {
  const { lesson, position } = actor.getSnapshot().context;
  return Array.from(lesson?.content ?? '')[position] ?? '';
}

function wrongChoice(actor: ReturnType<typeof start>['actor']): string {
  const snapshot = actor.getSnapshot();
  return snapshot.context.choices.find((c) => c !== expected(actor)) ?? '';
}

/** A machine with LESSON chosen: at the range stage. */
function withLessonChosen() {
  const { actor } = start();
  actor.send({ type: 'lesson.choose', lesson: LESSON });
  return actor;
}

describe('the select stage', () => {
  it('starts on select and refuses a lesson without content', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('select');
    actor.send({ type: 'lesson.choose', lesson: EMPTY });
    expect(actor.getSnapshot().value).toBe('select');
  });

  it('moves to range with the whole text selected when a lesson has content', () => {
    const actor = withLessonChosen();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('range');
    expect(snapshot.context.selection).toEqual({ start: 0, end: 11 });
  });
});

describe('the range stage', () => {
  it('selects by two clicks, in either order', () => {
    const actor = withLessonChosen();
    actor.send({ type: 'range.click', index: 4 });
    expect(actor.getSnapshot().context.selection).toEqual({ start: 4, end: 5 });
    actor.send({ type: 'range.click', index: 1 });
    expect(actor.getSnapshot().context.selection).toEqual({ start: 1, end: 5 });
  });

  it('selects by dragging in drag mode', () => {
    const actor = withLessonChosen();
    actor.send({ type: 'range.drag.toggle' });
    expect(actor.getSnapshot().context.dragMode).toBe(true);
    actor.send({ type: 'range.drag.start', index: 6 });
    actor.send({ type: 'range.drag.over', index: 8 });
    actor.send({ type: 'range.drag.over', index: 9 });
    actor.send({ type: 'range.drag.end' });
    actor.send({ type: 'range.drag.over', index: 10 });
    expect(actor.getSnapshot().context.selection).toEqual({ start: 6, end: 10 });
  });

  it('offers full, first half, second half and clear', () => {
    const actor = withLessonChosen();
    actor.send({ type: 'range.firstHalf' });
    expect(actor.getSnapshot().context.selection).toEqual({ start: 0, end: 6 });
    actor.send({ type: 'range.secondHalf' });
    expect(actor.getSnapshot().context.selection).toEqual({ start: 6, end: 11 });
    actor.send({ type: 'range.clear' });
    expect(actor.getSnapshot().context.selection).toBeNull();
    actor.send({ type: 'practice.start' });
    expect(actor.getSnapshot().value).toBe('range');
    actor.send({ type: 'range.full' });
    expect(actor.getSnapshot().context.selection).toEqual({ start: 0, end: 11 });
  });

  it('refuses to start on a range of punctuation only', () => {
    const actor = withLessonChosen();
    actor.send({ type: 'range.click', index: 5 });
    actor.send({ type: 'range.click', index: 5 });
    actor.send({ type: 'practice.start' });
    expect(actor.getSnapshot().value).toBe('range');
  });

  it('goes back to select', () => {
    const actor = withLessonChosen();
    actor.send({ type: 'range.back' });
    expect(actor.getSnapshot().value).toBe('select');
    expect(actor.getSnapshot().context.lesson).toBeNull();
  });
});

describe('the practice stage', () => {
  function practise(range: { start: number; end: number }, options: Parameters<typeof start>[0] = {}) {
    const started = start(options);
    started.actor.send({ type: 'lesson.choose', lesson: LESSON });
    started.actor.send({ type: 'range.click', index: range.start });
    started.actor.send({ type: 'range.click', index: range.end - 1 });
    started.actor.send({ type: 'practice.start' });
    return started;
  }

  it('shows 12 choices holding the character at the start of the range', () => {
    const { actor } = practise({ start: 0, end: 3 });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ practice: { running: 'answering' } })).toBe(true);
    expect(snapshot.context.choices).toHaveLength(12);
    expect(snapshot.context.choices).toContain('學');
  });

  it('advances 0.1 s after a right choice, with the right tone', () => {
    const { actor, clock, tones } = practise({ start: 0, end: 3 });
    actor.send({ type: 'choice.pick', choice: '學' });
    expect(actor.getSnapshot().matches({ practice: { running: 'correct' } })).toBe(true);
    expect(tones).toEqual(['correct']);
    clock.increment(99);
    expect(actor.getSnapshot().context.position).toBe(0);
    clock.increment(1);
    expect(actor.getSnapshot().context.position).toBe(1);
    expect(actor.getSnapshot().context.choices).toContain('而');
  });

  it('counts a mistake and regenerates the choices 1.5 s after a wrong choice', () => {
    const { actor, clock, tones } = practise({ start: 0, end: 3 });
    const wrong = wrongChoice(actor);
    actor.send({ type: 'choice.pick', choice: wrong });
    expect(actor.getSnapshot().context.mistakes).toBe(1);
    expect(actor.getSnapshot().context.wrongChoice).toBe(wrong);
    expect(tones).toEqual(['wrong']);
    actor.send({ type: 'choice.pick', choice: '學' });
    expect(actor.getSnapshot().context.correctCount).toBe(0);
    clock.increment(1499);
    expect(actor.getSnapshot().matches({ practice: { running: 'wrong' } })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ practice: { running: 'answering' } })).toBe(true);
    expect(actor.getSnapshot().context.wrongChoice).toBeNull();
    expect(actor.getSnapshot().context.choices).toContain('學');
  });

  it('plays no tone with the sound off', () => {
    const { actor, tones } = practise({ start: 0, end: 3 }, { sound: false });
    actor.send({ type: 'choice.pick', choice: '學' });
    expect(tones).toEqual([]);
    actor.send({ type: 'sound.toggle' });
    expect(actor.getSnapshot().context.sound).toBe(true);
  });

  it('runs the timer only while running', () => {
    const { actor } = practise({ start: 0, end: 3 });
    actor.send({ type: 'tick', ms: 100 });
    actor.send({ type: 'tick', ms: 100 });
    actor.send({ type: 'practice.pause' });
    expect(actor.getSnapshot().matches({ practice: 'paused' })).toBe(true);
    actor.send({ type: 'tick', ms: 100 });
    actor.send({ type: 'choice.pick', choice: '學' });
    expect(actor.getSnapshot().context.elapsedMs).toBe(200);
    expect(actor.getSnapshot().context.correctCount).toBe(0);
    actor.send({ type: 'practice.resume' });
    actor.send({ type: 'tick', ms: 100 });
    expect(actor.getSnapshot().context.elapsedMs).toBe(300);
  });

  it('regenerates the choices when resumed after a pause during wrong feedback', () => {
    const { actor } = practise({ start: 0, end: 3 });
    actor.send({ type: 'choice.pick', choice: wrongChoice(actor) });
    actor.send({ type: 'practice.pause' });
    actor.send({ type: 'practice.resume' });
    expect(actor.getSnapshot().matches({ practice: { running: 'answering' } })).toBe(true);
    expect(actor.getSnapshot().context.wrongChoice).toBeNull();
  });

  it('restarts: progress, timer and mistakes reset', () => {
    const { actor, clock } = practise({ start: 0, end: 3 });
    actor.send({ type: 'choice.pick', choice: '學' });
    clock.increment(100);
    actor.send({ type: 'choice.pick', choice: wrongChoice(actor) });
    actor.send({ type: 'tick', ms: 100 });
    actor.send({ type: 'practice.restart' });
    const { context } = actor.getSnapshot();
    expect([context.position, context.mistakes, context.correctCount, context.elapsedMs]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(actor.getSnapshot().matches({ practice: { running: 'answering' } })).toBe(true);
  });

  it('goes back to range', () => {
    const { actor } = practise({ start: 0, end: 3 });
    actor.send({ type: 'practice.back' });
    expect(actor.getSnapshot().value).toBe('range');
  });

  it('skips punctuation and finishes after the last character with the complete tone and a save', async () => {
    const { actor, clock, tones, saved } = practise({ start: 3, end: 8 });
    actor.send({ type: 'choice.pick', choice: '習' });
    clock.increment(100);
    actor.send({ type: 'choice.pick', choice: '之' });
    clock.increment(100);
    expect(actor.getSnapshot().context.position).toBe(6);
    actor.send({ type: 'tick', ms: 100 });
    actor.send({ type: 'choice.pick', choice: wrongChoice(actor) });
    clock.increment(1500);
    actor.send({ type: 'choice.pick', choice: '不' });
    clock.increment(100);
    actor.send({ type: 'choice.pick', choice: '亦' });
    clock.increment(100);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('results')).toBe(true);
    expect(snapshot.context.result).toEqual({ accuracy: 80, grade: 'pass' });
    expect(tones.at(-1)).toBe('complete');
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ results: 'saved' })).toBe(true));
    const body = saved[0]?.body;
    expect(body).toMatchObject({
      lessonId: 1,
      start: 3,
      end: 8,
      mode: 'choice',
      mistakes: 1,
      durationMs: 100,
    });
    expect(body).not.toHaveProperty('correctCount');
    // Every pick goes to the server, wrong ones included, with its position and the time since the last.
    const wrong = body?.picks?.[2]?.selected;
    expect(body?.picks).toEqual([
      { position: 3, selected: '習', timeSpent: 0 },
      { position: 4, selected: '之', timeSpent: 0 },
      { position: 6, selected: wrong, timeSpent: 100 },
      { position: 6, selected: '不', timeSpent: 0 },
      { position: 7, selected: '亦', timeSpent: 0 },
    ]);
    expect(wrong).not.toBe('不');
  });
});

describe('the results stage', () => {
  function finish(save?: (input: SaveRecitationInput) => Promise<void>) {
    const started = start({ ...(save ? { save } : {}) });
    const { actor, clock } = started;
    actor.send({ type: 'lesson.choose', lesson: LESSON });
    actor.send({ type: 'range.click', index: 0 });
    actor.send({ type: 'range.click', index: 0 });
    actor.send({ type: 'practice.start' });
    actor.send({ type: 'choice.pick', choice: '學' });
    clock.increment(100);
    return started;
  }

  it('grades a perfect run excellent', () => {
    const { actor } = finish();
    expect(actor.getSnapshot().context.result).toEqual({ accuracy: 100, grade: 'excellent' });
  });

  it('offers a retry when saving fails, with the same idempotency key', async () => {
    let calls = 0;
    const { actor, saved } = finish(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ results: 'failed' })).toBe(true));
    actor.send({ type: 'results.retrySave' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ results: 'saved' })).toBe(true));
    expect(saved[0]?.idempotencyKey).toBe(saved[1]?.idempotencyKey);
  });

  it('practises again on the same range, or chooses another lesson', () => {
    const { actor } = finish();
    actor.send({ type: 'results.again' });
    expect(actor.getSnapshot().value).toBe('range');
    expect(actor.getSnapshot().context.selection).toEqual({ start: 0, end: 1 });
    actor.send({ type: 'practice.start' });
    actor.send({ type: 'choice.pick', choice: '學' });
    actor.send({ type: 'results.another' });
    expect(actor.getSnapshot().matches({ practice: { running: 'correct' } })).toBe(true);
  });

  it('returns to select on choose another', () => {
    const { actor } = finish();
    actor.send({ type: 'results.another' });
    expect(actor.getSnapshot().value).toBe('select');
  });
});

describe('halfPoint', () => {
  it('splits after the sentence end nearest the middle', () => {
    expect(halfPoint('學而時習之，不亦說乎？有朋自遠方來，不亦樂乎？')).toBe(11);
  });
  it('splits in the middle when there is no sentence end', () => {
    expect(halfPoint('學而時習之')).toBe(3);
  });
});

describe('默寫 (the free-recall mode)', () => {
  const MARKED: RecitationResult = {
    accuracy: 90,
    grade: 'good',
    mode: 'free_recall',
    characters: 9,
    mistakes: 1,
    marks: [],
    extras: [],
    xpAwarded: [],
    totals: { totalXP: 0, level: 1, streakDays: 1 },
  };

  function recall(mark: (input: MarkRecallInput) => Promise<RecitationResult>) {
    const sent: MarkRecallInput[] = [];
    const machine = recitationMachine.provide({
      actors: {
        ticker: fromCallback(() => () => {}),
        markRecall: fromPromise(async ({ input }: { input: MarkRecallInput }) => {
          sent.push(input);
          return mark(input);
        }),
      },
    });
    const actor = createActor(machine, {
      input: { random: seededRandom(7), commonCharacters: '之乎者也', sound: false, mode: 'free_recall' },
    });
    actor.start();
    actor.send({ type: 'lesson.choose', lesson: LESSON });
    actor.send({ type: 'range.firstHalf' });
    actor.send({ type: 'practice.start' });
    return { actor, sent };
  }

  it('writes instead of picking, and refuses an empty answer', () => {
    const { actor, sent } = recall(async () => MARKED);
    expect(actor.getSnapshot().matches({ recall: 'writing' })).toBe(true);
    actor.send({ type: 'recall.submit', written: '  ' });
    expect(actor.getSnapshot().matches({ recall: 'writing' })).toBe(true);
    expect(sent).toEqual([]);
  });

  it('sends the range and what was written for the server to mark, and keeps its marking', async () => {
    const { actor, sent } = recall(async () => MARKED);
    actor.send({ type: 'recall.submit', written: '學而時之不亦說乎' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ recall: 'marked' })).toBe(true));
    expect(sent[0]?.body).toMatchObject({
      lessonId: 1,
      start: 0,
      end: 6,
      mode: 'free_recall',
      written: '學而時之不亦說乎',
    });
    expect(actor.getSnapshot().context.recall).toEqual(MARKED);
  });

  it('resends the same answer with the same key after a failure, another answer with a new key', async () => {
    let fail = true;
    const { actor, sent } = recall(async () => {
      if (fail) throw new Error('offline');
      return MARKED;
    });
    actor.send({ type: 'recall.submit', written: '學而' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ recall: 'failed' })).toBe(true));
    actor.send({ type: 'recall.submit', written: '學而' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ recall: 'failed' })).toBe(true));
    fail = false;
    actor.send({ type: 'recall.submit', written: '學而時習之' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ recall: 'marked' })).toBe(true));
    expect(sent[0]?.idempotencyKey).toBe(sent[1]?.idempotencyKey);
    expect(sent[2]?.idempotencyKey).not.toBe(sent[1]?.idempotencyKey);
  });

  it('writes again from an empty box, or goes back to the range', async () => {
    const { actor } = recall(async () => MARKED);
    actor.send({ type: 'recall.submit', written: '學而' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ recall: 'marked' })).toBe(true));
    actor.send({ type: 'recall.again' });
    expect(actor.getSnapshot().matches({ recall: 'writing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ written: '', recall: null });
    actor.send({ type: 'practice.back' });
    expect(actor.getSnapshot().value).toBe('range');
  });
});

describe('sentencePresets', () => {
  it('gives each paragraph and each sentence as a code-point range, a closing quote kept', () => {
    const text = '子曰：「學而時習之，不亦說乎？」有朋自遠方來。\n𠀋人不知而不慍；不亦君子乎！';
    const presets = sentencePresets(text);
    const slice = (p: { start: number; end: number }) => Array.from(text).slice(p.start, p.end).join('');
    expect(presets.filter((p) => p.kind === 'paragraph').map(slice)).toEqual([
      '子曰：「學而時習之，不亦說乎？」有朋自遠方來。',
      '𠀋人不知而不慍；不亦君子乎！',
    ]);
    expect(presets.filter((p) => p.kind === 'sentence').map(slice)).toEqual([
      '子曰：「學而時習之，不亦說乎？」',
      '有朋自遠方來。',
      '𠀋人不知而不慍；',
      '不亦君子乎！',
    ]);
    for (const p of presets) expect(slice(p)).toBe(p.text);
  });

  it('lists a sentence that is a whole paragraph once, as the paragraph', () => {
    const poem = '空山新雨後，天氣晚來秋。\n明月松間照，清泉石上流。';
    expect(sentencePresets(poem).map((p) => [p.kind, p.start, p.end])).toEqual([
      ['paragraph', 0, 12],
      ['paragraph', 13, 25],
    ]);
  });

  it('leaves out the paragraph of a one-paragraph text (全文 offers it)', () => {
    expect(sentencePresets('學而時習之，不亦說乎？').map((p) => p.kind)).toEqual(['sentence']);
  });

  it('selects a preset in the range stage, and refuses a range outside the text', () => {
    const actor = withLessonChosen();
    actor.send({ type: 'range.set', start: 6, end: 11 });
    expect(actor.getSnapshot().context.selection).toEqual({ start: 6, end: 11 });
    actor.send({ type: 'range.set', start: 6, end: 40 });
    expect(actor.getSnapshot().context.selection).toEqual({ start: 6, end: 11 });
  });
});
