import type {
  AnswerResult,
  DseMetadata,
  DseMixedPracticeFilters,
  DsePaper,
  Question,
} from '@wenyan/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  MIXED_PRACTICE_ALERTS,
  type MixedPracticeRequest,
  mixedPracticeMachine,
} from './mixedPracticeMachine.ts';
import { listedPapers, type MixRequest, PAST_PAPER_NOTICES, pastPapersMachine } from './pastPapersMachine.ts';
import {
  EMPTY_ANSWER,
  type PaperAnswerEvent,
  paperAnswerReducer,
  QUESTION_NOTICES,
  submitBlocker,
} from './questionFlow.ts';

function question(overrides: Partial<Question> = {}): Question {
  return {
    id: 'q1',
    lessonId: 9,
    type: 'fill_in_blank',
    content: '解釋「湯湯」。',
    options: [],
    targetText: null,
    highlight: null,
    difficulty: null,
    characterFrequency: null,
    points: 2,
    rubric: null,
    ...overrides,
  };
}

const CHOICE = question({
  id: 'q2',
  type: 'multiple_choice',
  options: ['甲', '乙', '丙', '丁'],
});
const TEXT = question();
const PAPERS: DsePaper[] = [
  { id: 1, year: '2019', title: '模擬卷 2019', badge: '2019 形式', questionCount: 2, status: 'available' },
  { id: 2, year: '2024', title: '模擬卷 2024', badge: '2024 形式', questionCount: 0, status: 'processing' },
  { id: 3, year: '2020', title: '模擬卷 2020', badge: '2020 形式', questionCount: 0, status: 'available' },
];

function papers(
  options: { paperQuestions?: (id: number) => Question[]; mix?: (r: MixRequest) => Promise<Question[]> } = {},
) {
  const actor = createActor(
    pastPapersMachine.provide({
      actors: {
        fetchPapers: fromPromise(async () => PAPERS),
        fetchPaperQuestions: fromPromise(async ({ input }: { input: { paperId: number } }) =>
          options.paperQuestions ? options.paperQuestions(input.paperId) : [TEXT, CHOICE],
        ),
        fetchMetadata: fromPromise(
          async (): Promise<DseMetadata> => ({
            types: ['multiple_choice', 'long_question'],
            passages: [{ id: 9, title: '岳陽樓記', author: '范仲淹' }],
          }),
        ),
        fetchMix: fromPromise(async ({ input }: { input: MixRequest }) =>
          options.mix ? options.mix(input) : [TEXT],
        ),
      },
    }),
  );
  actor.start();
  return actor;
}

describe('the past-paper list', () => {
  it('lists only the papers with questions (no 「共 0 題」)', async () => {
    const actor = papers();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
    expect(actor.getSnapshot().context.papers.map((p) => p.id)).toEqual([1]);
    expect(listedPapers(PAPERS).map((p) => p.year)).toEqual(['2019']);
  });

  it('loads the papers and opens only an available one', async () => {
    const actor = papers();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
    actor.send({ type: 'paper.open', paper: PAPERS[1]! });
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    actor.send({ type: 'paper.open', paper: PAPERS[0]! });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ paper: 'ready' })).toBe(true));
    expect(actor.getSnapshot().context.questions).toHaveLength(2);
    actor.send({ type: 'paper.back' });
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
  });

  it('shows the processing notice for a paper without questions', async () => {
    const actor = papers({ paperQuestions: () => [] });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
    actor.send({ type: 'paper.open', paper: PAPERS[2]! });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ paper: 'processing' })).toBe(true));
  });

  it('offers a retry when the list fails', async () => {
    let calls = 0;
    const actor = createActor(
      pastPapersMachine.provide({
        actors: {
          fetchPapers: fromPromise(async () => {
            calls += 1;
            if (calls === 1) throw new Error('offline');
            return PAPERS;
          }),
        },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'failure' })).toBe(true));
    actor.send({ type: 'retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
  });
});

describe('the mixed mode of the past-paper page', () => {
  async function openMixed(mix?: (r: MixRequest) => Promise<Question[]>) {
    const actor = papers(mix ? { mix } : {});
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
    actor.send({ type: 'mixed.toggle' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ mixed: 'filters' })).toBe(true));
    return actor;
  }

  it('needs a type to generate, then mixes by type and passage', async () => {
    const requests: MixRequest[] = [];
    const actor = await openMixed(async (r) => {
      requests.push(r);
      return [TEXT];
    });
    actor.send({ type: 'mix.generate' });
    expect(actor.getSnapshot().context.notice).toBe(PAST_PAPER_NOTICES.pickType);
    actor.send({ type: 'mix.type.toggle', value: 'long_question' });
    actor.send({ type: 'mix.passage.toggle', value: 9 });
    actor.send({ type: 'mix.generate' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.questions).toHaveLength(1));
    expect(requests).toEqual([{ types: ['long_question'], passages: [9] }]);
  });

  it('toggles back to the list', async () => {
    const actor = await openMixed();
    actor.send({ type: 'mixed.toggle' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
  });
});

describe('the mixed-year page', () => {
  function mixed(generate?: (r: MixedPracticeRequest) => Promise<Question[]>) {
    const requests: MixedPracticeRequest[] = [];
    const actor = createActor(
      mixedPracticeMachine.provide({
        actors: {
          fetchFilters: fromPromise(
            async (): Promise<DseMixedPracticeFilters> => ({
              availableTexts: [{ id: 9, title: '岳陽樓記', author: '范仲淹' }],
              availableTypes: ['multiple_choice', 'fill_in_blank'],
              availableYears: ['2019', '2020'],
            }),
          ),
          generate: fromPromise(async ({ input }: { input: MixedPracticeRequest }) => {
            requests.push(input);
            return generate ? generate(input) : [TEXT, CHOICE];
          }),
        },
      }),
    ).start();
    return { actor, requests };
  }

  it('alerts when no filter is chosen', async () => {
    const { actor, requests } = mixed();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'generate' });
    expect(actor.getSnapshot().context.alert).toBe(MIXED_PRACTICE_ALERTS.noFilter);
    expect(requests).toHaveLength(0);
  });

  it('generates with the filters and the count (default 20)', async () => {
    const { actor, requests } = mixed();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().context.count).toBe(20);
    actor.send({ type: 'filter.year.toggle', value: '2019' });
    actor.send({ type: 'filter.lesson.toggle', value: 9 });
    actor.send({ type: 'filter.type.toggle', value: 'fill_in_blank' });
    actor.send({ type: 'filter.type.toggle', value: 'multiple_choice' });
    actor.send({ type: 'filter.type.toggle', value: 'fill_in_blank' });
    actor.send({ type: 'count.set', value: 10 });
    actor.send({ type: 'generate' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.generated).toBe(true));
    expect(requests).toEqual([{ lessonIds: [9], types: ['multiple_choice'], years: ['2019'], limit: 10 }]);
    expect(actor.getSnapshot().context.questions).toHaveLength(2);
  });

  it('alerts when generation fails', async () => {
    const { actor } = mixed(async () => {
      throw new Error('500');
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'filter.year.toggle', value: '2019' });
    actor.send({ type: 'generate' });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.alert).toBe(MIXED_PRACTICE_ALERTS.generationFailed),
    );
  });
});

const RESULT: AnswerResult = {
  answerVersion: 3,
  isCorrect: false,
  correctAnswer: '水勢浩大',
  explanation: '形容水勢浩大。',
  culturalContext: null,
  marking: {
    verdict: 'partial',
    earned: 1,
    available: 2,
    copied: false,
    selfAssessed: false,
    points: [],
  },
  earnedXp: false,
  xpAwarded: [],
  totals: { totalXP: 5, level: 1, streakDays: 1 },
};
const LONG = question({
  id: 'q3',
  type: 'long_question',
  rubric: [
    { level: '上', marks: '7-8', descriptor: '論點清晰' },
    { level: '中', marks: '4-6', descriptor: '大致回應' },
    { level: '下', marks: '0-3', descriptor: '未能回應' },
  ],
});

describe("one paper question's answer", () => {
  const run = (q: Question, ...events: PaperAnswerEvent[]) =>
    events.reduce(paperAnswerReducer(q), EMPTY_ANSWER);

  it('starts empty, with nothing marked', () => {
    expect(EMPTY_ANSWER).toEqual({ phase: 'answering', answer: '', level: null, notice: null, result: null });
  });

  it('asks for an answer first: an empty text or no pick is not sent', () => {
    expect(run(TEXT, { type: 'answer.change', value: '  ' }, { type: 'answer.submit' })).toMatchObject({
      phase: 'answering',
      notice: QUESTION_NOTICES.answerFirst,
    });
    expect(run(CHOICE, { type: 'answer.submit' })).toMatchObject({ notice: QUESTION_NOTICES.pickFirst });
  });

  it('asks a long question for its rubric level before it is sent', () => {
    const written = run(LONG, { type: 'answer.change', value: '我的長答案' }, { type: 'answer.submit' });
    expect(written).toMatchObject({ phase: 'answering', notice: QUESTION_NOTICES.levelFirst });
    expect(submitBlocker(written, LONG)).toBe(QUESTION_NOTICES.levelFirst);
    const rated = run(
      LONG,
      { type: 'answer.change', value: '我的長答案' },
      { type: 'level.choose', value: '中' },
      { type: 'answer.submit' },
    );
    expect(rated).toMatchObject({ phase: 'submitting', level: '中' });
  });

  it('locks the answer while it is sent and shows only what the server marked', () => {
    const sending = run(TEXT, { type: 'answer.change', value: '水很大' }, { type: 'answer.submit' });
    expect(sending.phase).toBe('submitting');
    const marked = [
      { type: 'answer.change', value: '改了' } as const,
      { type: 'answer.marked', result: RESULT } as const,
    ].reduce(paperAnswerReducer(TEXT), sending);
    expect(marked).toMatchObject({ phase: 'marked', answer: '水很大', result: RESULT });
    expect(paperAnswerReducer(TEXT)(marked, { type: 'answer.change', value: '再改' }).answer).toBe('水很大');
  });

  it('lets the learner send again after a failure, with a notice', () => {
    const failed = run(
      CHOICE,
      { type: 'answer.change', value: '丙' },
      { type: 'answer.submit' },
      { type: 'answer.failed' },
    );
    expect(failed).toMatchObject({ phase: 'answering', answer: '丙', notice: QUESTION_NOTICES.failed });
  });
});
