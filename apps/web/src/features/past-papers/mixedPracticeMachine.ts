/**
 * DSE mixed-year practice (spec part 2 §2, §5 and §8): filters by passage, type and year, a count
 * (10/15/20/30, default 20), generation, and a check per question by trimmed comparison.
 */
import type {
  DseMixedPracticeFilters,
  MIXED_PRACTICE_COUNTS,
  Question,
  QuestionType,
} from '@wenyan/contracts';
import { assign, fromPromise, setup } from 'xstate';
import { toggle } from '../../lib/lists.ts';

export const MIXED_PRACTICE_ALERTS = {
  noFilter: '請選擇至少一個篩選條件',
  generationFailed: '生成練習題目失敗，請重試',
} as const;

export type MixedPracticeCount = (typeof MIXED_PRACTICE_COUNTS)[number];
export const DEFAULT_MIXED_PRACTICE_COUNT: MixedPracticeCount = 20;

export type MixedPracticeRequest = {
  readonly lessonIds: readonly number[];
  readonly types: readonly QuestionType[];
  readonly years: readonly string[];
  readonly limit: number;
};

export type MixedPracticeContext = {
  filters: DseMixedPracticeFilters | null;
  lessonIds: number[];
  types: QuestionType[];
  years: string[];
  count: MixedPracticeCount;
  questions: Question[];
  /** The page's alert (no filter chosen, generation failed). */
  alert: string | null;
  /** True once a set was generated (so an empty set shows its own message). */
  generated: boolean;
};

export type MixedPracticeEvent =
  | { type: 'retry' }
  | { type: 'filter.lesson.toggle'; value: number }
  | { type: 'filter.type.toggle'; value: QuestionType }
  | { type: 'filter.year.toggle'; value: string }
  | { type: 'count.set'; value: MixedPracticeCount }
  | { type: 'generate' }
  | { type: 'alert.dismiss' };

export const mixedPracticeMachine = setup({
  types: {
    context: {} as MixedPracticeContext,
    events: {} as MixedPracticeEvent,
  },
  actors: {
    fetchFilters: fromPromise<DseMixedPracticeFilters>(async () => ({
      availableTexts: [],
      availableTypes: [],
      availableYears: [],
    })),
    generate: fromPromise<Question[], MixedPracticeRequest>(async () => []),
  },
  actions: {},
  guards: {
    hasFilter: ({ context }) => context.lessonIds.length + context.types.length + context.years.length > 0,
  },
}).createMachine({
  id: 'mixedPractice',
  context: {
    filters: null,
    lessonIds: [],
    types: [],
    years: [],
    count: DEFAULT_MIXED_PRACTICE_COUNT,
    questions: [],
    alert: null,
    generated: false,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchFilters',
        onDone: { target: 'ready', actions: assign({ filters: ({ event }) => event.output }) },
        onError: { target: 'failure' },
      },
    },
    failure: { on: { retry: { target: 'loading' } } },
    ready: {
      on: {
        'filter.lesson.toggle': {
          actions: assign({ lessonIds: ({ context, event }) => toggle(context.lessonIds, event.value) }),
        },
        'filter.type.toggle': {
          actions: assign({ types: ({ context, event }) => toggle(context.types, event.value) }),
        },
        'filter.year.toggle': {
          actions: assign({ years: ({ context, event }) => toggle(context.years, event.value) }),
        },
        'count.set': { actions: assign({ count: ({ event }) => event.value }) },
        'alert.dismiss': { actions: assign({ alert: null }) },
        generate: [
          { guard: 'hasFilter', target: 'generating' },
          { actions: assign({ alert: MIXED_PRACTICE_ALERTS.noFilter }) },
        ],
      },
    },
    generating: {
      entry: assign({ alert: null }),
      invoke: {
        src: 'generate',
        input: ({ context }) => ({
          lessonIds: context.lessonIds,
          types: context.types,
          years: context.years,
          limit: context.count,
        }),
        onDone: {
          target: 'ready',
          actions: assign({ questions: ({ event }) => event.output, generated: true }),
        },
        onError: { target: 'ready', actions: assign({ alert: MIXED_PRACTICE_ALERTS.generationFailed }) },
      },
    },
  },
});
