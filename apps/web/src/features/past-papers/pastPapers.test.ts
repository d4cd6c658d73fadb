import type { DseMetadata, DseMixedPracticeFilters, DsePaper, Question } from '@wenyan/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  MIXED_PRACTICE_ALERTS,
  type MixedPracticeRequest,
  mixedPracticeMachine,
} from './mixedPracticeMachine.ts';
import { type MixRequest, PAST_PAPER_NOTICES, pastPapersMachine } from './pastPapersMachine.ts';
import { EMPTY_ANSWER, paperYear, QUESTION_NOTICES, splitCulturalContext } from './questionFlow.ts';

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
  { id: 1, year: '2019', title: '模擬卷 2019', questionCount: 2, status: 'available' },
  { id: 2, year: '2024', title: '模擬卷 2024', questionCount: 0, status: 'processing' },
  { id: 3, year: '2020', title: '模擬卷 2020', questionCount: 0, status: 'available' },
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
  it('loads the papers and opens only an available one', async () => {
    const actor = papers();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
    expect(actor.getSnapshot().context.papers).toHaveLength(3);
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

describe('answering a paper', () => {
  async function openPaper() {
    const actor = papers();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
    actor.send({ type: 'paper.open', paper: PAPERS[0]! });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ paper: 'ready' })).toBe(true));
    return actor;
  }

  it('submits a non-empty text answer, locks it, then reveals the answer', async () => {
    const actor = await openPaper();
    actor.send({ type: 'answer.submit', questionId: 'q1' });
    expect(actor.getSnapshot().context.answers.q1?.submitted).toBe(false);
    actor.send({ type: 'answer.change', questionId: 'q1', value: '水很大' });
    actor.send({ type: 'answer.submit', questionId: 'q1' });
    actor.send({ type: 'answer.change', questionId: 'q1', value: '改了' });
    expect(actor.getSnapshot().context.answers.q1).toMatchObject({ answer: '水很大', submitted: true });
    actor.send({ type: 'answer.reveal', questionId: 'q1' });
    expect(actor.getSnapshot().context.answers.q1?.revealed).toBe(true);
  });

  it('needs a pick before viewing a choice answer, then locks and marks it', async () => {
    const actor = await openPaper();
    actor.send({ type: 'answer.reveal', questionId: 'q2' });
    expect(actor.getSnapshot().context.answers.q2?.notice).toBe(QUESTION_NOTICES.pickFirst);
    actor.send({ type: 'answer.change', questionId: 'q2', value: '甲' });
    actor.send({ type: 'answer.change', questionId: 'q2', value: '丙' });
    actor.send({ type: 'answer.reveal', questionId: 'q2' });
    actor.send({ type: 'answer.change', questionId: 'q2', value: '丁' });
    expect(actor.getSnapshot().context.answers.q2).toMatchObject({
      answer: '丙',
      revealed: true,
      correct: true,
    });
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

  it('needs a submission before viewing a text answer', async () => {
    const actor = await openMixed();
    actor.send({ type: 'mix.type.toggle', value: 'long_question' });
    actor.send({ type: 'mix.generate' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.questions).toHaveLength(1));
    actor.send({ type: 'answer.reveal', questionId: 'q1' });
    expect(actor.getSnapshot().context.answers.q1?.notice).toBe(QUESTION_NOTICES.submitFirst);
    actor.send({ type: 'answer.change', questionId: 'q1', value: '答案' });
    actor.send({ type: 'answer.submit', questionId: 'q1' });
    actor.send({ type: 'answer.reveal', questionId: 'q1' });
    expect(actor.getSnapshot().context.answers.q1?.revealed).toBe(true);
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

  it('checks by trimmed comparison and asks for an answer first', async () => {
    const { actor } = mixed();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'filter.year.toggle', value: '2019' });
    actor.send({ type: 'generate' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.generated).toBe(true));
    actor.send({ type: 'answer.check', questionId: 'q1' });
    expect(actor.getSnapshot().context.answers.q1?.notice).toBe('請先作答');
    actor.send({ type: 'answer.change', questionId: 'q1', value: '  水勢浩大 ' });
    actor.send({ type: 'answer.check', questionId: 'q1' });
    expect(actor.getSnapshot().context.answers.q1?.correct).toBe(true);
    actor.send({ type: 'answer.change', questionId: 'q2', value: '甲' });
    actor.send({ type: 'answer.check', questionId: 'q2' });
    expect(actor.getSnapshot().context.answers.q2?.correct).toBe(false);
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

describe('reading the culturalContext', () => {
  it('finds the year', () => {
    expect(paperYear('DSE 2019 模擬｜甲部')).toBe('2019');
    expect(paperYear(null)).toBeNull();
  });
  it('splits off the scoring criteria', () => {
    expect(splitCulturalContext('DSE 2018 模擬｜長題目。\n評分準則：\n第四級：完整。')).toEqual({
      note: 'DSE 2018 模擬｜長題目。',
      criteria: '第四級：完整。',
    });
    expect(splitCulturalContext('只有說明')).toEqual({ note: '只有說明', criteria: null });
  });
  it('starts every answer empty', () => {
    expect(EMPTY_ANSWER).toMatchObject({ answer: '', submitted: false, revealed: false });
  });
});
