/**
 * The DSE past-papers page (spec part 2 §2 and §4): the paper list, a paper's questions, and the
 * page's mixed mode (by type and passage). Fetches are named actors, so tests swap them.
 */
import type { DseMetadata, DsePaper, Question, QuestionType } from '@wenyan/contracts';
import { assign, fromPromise, setup } from 'xstate';
import { toggle } from '../../lib/lists.ts';

export const PAST_PAPER_NOTICES = {
  pickType: '請至少選擇一種題型',
  mixFailed: '未能生成練習題目，請重試',
} as const;

/**
 * The papers the list shows: those with questions. A paper still being prepared (no questions yet)
 * would only say 「共 0 題」, so it is left out until it has some.
 */
export function listedPapers(papers: readonly DsePaper[]): DsePaper[] {
  return papers.filter((paper) => paper.questionCount > 0);
}

export type MixRequest = { readonly types: readonly QuestionType[]; readonly passages: readonly number[] };

export type PastPapersContext = {
  papers: DsePaper[];
  paper: DsePaper | null;
  questions: Question[];
  metadata: DseMetadata | null;
  mixTypes: QuestionType[];
  mixPassages: number[];
  notice: string | null;
};

export type PastPapersEvent =
  | { type: 'retry' }
  | { type: 'paper.open'; paper: DsePaper }
  | { type: 'paper.back' }
  | { type: 'mixed.toggle' }
  | { type: 'mix.type.toggle'; value: QuestionType }
  | { type: 'mix.passage.toggle'; value: number }
  | { type: 'mix.generate' };

export const pastPapersMachine = setup({
  types: {
    context: {} as PastPapersContext,
    events: {} as PastPapersEvent,
  },
  actors: {
    fetchPapers: fromPromise<DsePaper[]>(async () => []),
    fetchPaperQuestions: fromPromise<Question[], { paperId: number }>(async () => []),
    fetchMetadata: fromPromise<DseMetadata>(async () => ({ types: [], passages: [] })),
    fetchMix: fromPromise<Question[], MixRequest>(async () => []),
  },
  actions: {
    clearQuestions: assign({ questions: [], notice: null }),
  },
  guards: {
    isAvailable: ({ event }) => event.type === 'paper.open' && event.paper.status === 'available',
    hasQuestions: (_, params: { questions: readonly Question[] }) => params.questions.length > 0,
    hasType: ({ context }) => context.mixTypes.length > 0,
  },
}).createMachine({
  id: 'pastPapers',
  context: {
    papers: [],
    paper: null,
    questions: [],
    metadata: null,
    mixTypes: [],
    mixPassages: [],
    notice: null,
  },
  initial: 'list',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'fetchPapers',
            onDone: {
              target: 'ready',
              actions: assign({ papers: ({ event }) => listedPapers(event.output) }),
            },
            onError: { target: 'failure' },
          },
        },
        failure: { on: { retry: { target: 'loading' } } },
        ready: {
          on: {
            'paper.open': {
              guard: 'isAvailable',
              target: '#pastPapers.paper',
              actions: assign({ paper: ({ event }) => event.paper }),
            },
            'mixed.toggle': { target: '#pastPapers.mixed' },
          },
        },
      },
    },
    paper: {
      entry: 'clearQuestions',
      initial: 'loading',
      on: { 'paper.back': { target: '#pastPapers.list.ready', actions: assign({ paper: null }) } },
      states: {
        loading: {
          invoke: {
            src: 'fetchPaperQuestions',
            input: ({ context }) => ({ paperId: context.paper?.id ?? 0 }),
            onDone: [
              {
                guard: { type: 'hasQuestions', params: ({ event }) => ({ questions: event.output }) },
                target: 'ready',
                actions: assign({ questions: ({ event }) => event.output }),
              },
              { target: 'processing' },
            ],
            onError: { target: 'failure' },
          },
        },
        failure: { on: { retry: { target: 'loading' } } },
        /** The paper has no questions yet: they are being processed. */
        processing: {},
        ready: {},
      },
    },
    mixed: {
      entry: 'clearQuestions',
      initial: 'loading',
      on: { 'mixed.toggle': { target: '#pastPapers.list' } },
      states: {
        loading: {
          invoke: {
            src: 'fetchMetadata',
            onDone: { target: 'filters', actions: assign({ metadata: ({ event }) => event.output }) },
            onError: { target: 'failure' },
          },
        },
        failure: { on: { retry: { target: 'loading' } } },
        filters: {
          on: {
            'mix.type.toggle': {
              actions: assign({
                mixTypes: ({ context, event }) => toggle(context.mixTypes, event.value),
                notice: null,
              }),
            },
            'mix.passage.toggle': {
              actions: assign({
                mixPassages: ({ context, event }) => toggle(context.mixPassages, event.value),
              }),
            },
            'mix.generate': [
              { guard: 'hasType', target: 'generating' },
              { actions: assign({ notice: PAST_PAPER_NOTICES.pickType }) },
            ],
          },
        },
        generating: {
          entry: 'clearQuestions',
          invoke: {
            src: 'fetchMix',
            input: ({ context }) => ({ types: context.mixTypes, passages: context.mixPassages }),
            onDone: { target: 'filters', actions: assign({ questions: ({ event }) => event.output }) },
            onError: { target: 'filters', actions: assign({ notice: PAST_PAPER_NOTICES.mixFailed }) },
          },
        },
      },
    },
  },
});
