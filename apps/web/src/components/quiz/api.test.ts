import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: Array<[string, unknown]> = [];
vi.mock('../../lib/client.ts', () => ({
  call: vi.fn(async (name: string, input: unknown) => {
    calls.push([name, input]);
    return [];
  }),
}));

const { fetchQuizQuestions } = await import('./api.ts');

const REQUEST = { lessonId: 9, userId: '7', questionCount: 8, characterThreshold: 400 } as const;

describe("which call fetches a quiz's questions", () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('takes word questions from the vocabulary list, other types from the adaptive picker', async () => {
    await fetchQuizQuestions({ ...REQUEST, type: 'word_interpretation' });
    await fetchQuizQuestions({ ...REQUEST, type: 'sentence_translation' });
    expect(calls.map(([name]) => name)).toEqual(['listVocabularyQuestions', 'getAdaptiveQuestions']);
  });

  it('asks the adaptive picker for every type when the quiz is adaptive (the practice-type page)', async () => {
    for (const type of ['word_interpretation', 'cultural_knowledge'] as const) {
      await fetchQuizQuestions({ ...REQUEST, type, adaptive: true });
    }
    expect(calls).toEqual([
      [
        'getAdaptiveQuestions',
        {
          params: { id: 9 },
          query: { userId: '7', characterThreshold: 400, type: 'word_interpretation', count: 8 },
        },
      ],
      [
        'getAdaptiveQuestions',
        {
          params: { id: 9 },
          query: { userId: '7', characterThreshold: 400, type: 'cultural_knowledge', count: 8 },
        },
      ],
    ]);
  });
});
