import {
  type AnswerResult,
  AnswerResultSchema,
  apiRoutes,
  DseMixQuerySchema,
  KeyedQuestionSchema,
  VocabularyQuestionsQuerySchema,
} from '@wenyan/contracts';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { HttpError } from './api.ts';
import { call } from './client.ts';
import { successSchema } from './contracts-host.ts';
import { requestPath } from './request-path.ts';
import { answerResult } from './test-support/answers.ts';

// Writes go through sendJson (tested against a real server in api.test.ts); here we see what call hands it.
const sent = vi.hoisted(() => [] as unknown[][]);
vi.mock('./api.ts', async (original) => ({
  ...(await original<typeof import('./api.ts')>()),
  sendJson: vi.fn(async (...args: unknown[]) => {
    sent.push(args);
    return (args[3] as { parse(data: unknown): unknown }).parse(ANSWER_RESULT);
  }),
}));

const ANSWER_RESULT = answerResult(true);

const LESSON = {
  id: 3,
  title: '師說',
  author: '韓愈',
  era: '唐代',
  description: null,
  content: '古之學者必有師。',
  category: 'prose',
  difficulty: 'intermediate',
  characterCount: 7,
};

/** Stubs fetch with one JSON reply and records the URLs asked for. */
function replyWith(status: number, body: unknown) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
});

describe('requestPath', () => {
  it('fills the path parameters, URI-encoded', () => {
    expect(requestPath(apiRoutes.getLesson, { params: { id: 3 } })).toBe('/api/lessons/3');
    expect(requestPath(apiRoutes.updateErrorQuestion, { params: { id: 'u 1', questionId: 'q/2' } })).toBe(
      '/api/users/u%201/error-questions/q%2F2',
    );
  });

  it('leaves out undefined and null query values', () => {
    expect(requestPath(apiRoutes.getLearnerState, { params: { id: 'u1' }, query: { at: undefined } })).toBe(
      '/api/teacher/learners/u1/state',
    );
  });

  it('writes a list so that both a comma list and a repeated parameter of the contracts read it back', () => {
    const mix = new URL(
      requestPath(apiRoutes.mixDseQuestions, {
        query: { types: ['translation', 'short_answer'], passages: ['1', '2'] },
      }),
      'http://x',
    ).searchParams;
    expect(DseMixQuerySchema.parse({ types: mix.getAll('types'), passages: mix.getAll('passages') })).toEqual(
      {
        types: ['translation', 'short_answer'],
        passages: [1, 2],
        limit: 20,
      },
    );
    const words = new URL(
      requestPath(apiRoutes.listVocabularyQuestions, { query: { lessonIds: ['1', '2'], limit: 5 } }),
      'http://x',
    ).searchParams;
    expect(
      VocabularyQuestionsQuerySchema.parse({
        lessonIds: words.getAll('lessonIds'),
        limit: words.get('limit'),
      }),
    ).toMatchObject({ lessonIds: [1, 2], limit: 5 });
  });
});

describe('successSchema', () => {
  it("is the registry's schema of the route's success status", () => {
    expect(successSchema(apiRoutes.submitAnswer)).toBe(AnswerResultSchema);
    expect(successSchema(apiRoutes.createQuestion)).toBe(KeyedQuestionSchema);
  });
});

describe('call', () => {
  it('GETs the filled path and parses the reply with the route’s schema', async () => {
    const urls = replyWith(200, LESSON);
    await expect(call('getLesson', { params: { id: 3 } })).resolves.toEqual(LESSON);
    expect(urls).toEqual(['/api/lessons/3']);
  });

  it('rejects a reply that does not match the contract', async () => {
    replyWith(200, { ...LESSON, id: 'three' });
    await expect(call('getLesson', { params: { id: 3 } })).rejects.toThrow();
  });

  it('turns the server’s error into an HttpError with its status and code', async () => {
    replyWith(404, { error: { code: 'NOT_FOUND', message: '找不到課文', details: null } });
    const error = await call('getLesson', { params: { id: 99 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('sends a write with its method, path, body and the given Idempotency-Key, and parses the reply with the route’s schema', async () => {
    const body = { userId: 'u1', questionId: 'q1', selectedAnswer: '甲', timeSpent: 3 };
    await expect(call('submitAnswer', { body }, { idempotencyKey: 'key-1' })).resolves.toEqual(ANSWER_RESULT);
    expect(sent.map((args) => [...args.slice(0, 3), args[4]])).toEqual([
      ['POST', '/api/users/answers', body, 'key-1'],
    ]);
    const parser = sent[0]?.[3] as { parse(data: unknown): Promise<unknown> };
    await expect(parser.parse(ANSWER_RESULT)).resolves.toEqual(AnswerResultSchema.parse(ANSWER_RESULT));
    await expect(parser.parse({ ...ANSWER_RESULT, isCorrect: 'yes' })).rejects.toThrow();
  });

  it('sends an empty object for a write without a body, and no key of its own (sendJson mints one)', async () => {
    await call('masterErrorQuestion', { params: { id: 'u1', questionId: 'q1' } }).catch(() => {});
    expect(sent[0]?.slice(0, 3)).toEqual(['PATCH', '/api/users/u1/error-questions/q1/master', {}]);
    expect(sent[0]?.[4]).toBeUndefined();
  });

  it('is typed by the registry: names, inputs and outputs (checked by tsc)', () => {
    const never = () => {
      // @ts-expect-error: no such operation
      void call('noSuchCall');
      // @ts-expect-error: getLesson needs its path parameter
      void call('getLesson');
      // @ts-expect-error: a body field the contract does not have
      void call('joinClass', { body: { code: 'ABC123' } });
      // @ts-expect-error: a path parameter of another route
      void call('getLesson', { params: { lessonId: 3 } });
    };
    expect(typeof never).toBe('function');
    expectTypeOf(call<'submitAnswer'>).returns.resolves.toEqualTypeOf<AnswerResult>();
  });
});
