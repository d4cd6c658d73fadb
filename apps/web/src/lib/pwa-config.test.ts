import { describe, expect, it } from 'vitest';
import {
  LEARNER_PATTERN,
  offlineRuntimeCaching,
  PERSONAL_CACHES,
  QUESTION_SETS_PATTERN,
  SESSION_PATTERN,
  TEXTS_PATTERN,
  webManifest,
} from './pwa-config.ts';

const ORIGIN = 'http://127.0.0.1:3000';
/** Whether any runtime cache of the service worker keeps a GET of `path`. */
const kept = (path: string) =>
  offlineRuntimeCaching.some(
    (rule) => rule.urlPattern instanceof RegExp && rule.urlPattern.test(`${ORIGIN}${path}`),
  );

describe('what the service worker keeps for offline use', () => {
  it('keeps the sixteen texts: the list and each text', () => {
    expect(TEXTS_PATTERN.test(`${ORIGIN}/api/lessons`)).toBe(true);
    expect(TEXTS_PATTERN.test(`${ORIGIN}/api/lessons/9`)).toBe(true);
  });

  it("keeps a passage's annotations with its text", () => {
    expect(TEXTS_PATTERN.test(`${ORIGIN}/api/lessons/9/annotations`)).toBe(true);
    expect(TEXTS_PATTERN.test(`${ORIGIN}/api/lessons/9/annotation`)).toBe(false);
    expect(TEXTS_PATTERN.test(`${ORIGIN}/api/lessons/9/annotations/x`)).toBe(false);
  });

  it('keeps the question sets a learner opens and who is signed in', () => {
    expect(QUESTION_SETS_PATTERN.test(`${ORIGIN}/api/lessons/9/questions`)).toBe(true);
    expect(
      QUESTION_SETS_PATTERN.test(`${ORIGIN}/api/lessons/9/nodes/word_interpretation/questions?threshold=4`),
    ).toBe(true);
    expect(QUESTION_SETS_PATTERN.test(`${ORIGIN}/api/lessons/9/adaptive-questions`)).toBe(true);
    expect(SESSION_PATTERN.test(`${ORIGIN}/api/auth/user`)).toBe(true);
  });

  it("keeps a roadmap course session's questions, so the roadmap's 開始 works offline", () => {
    expect(QUESTION_SETS_PATTERN.test(`${ORIGIN}/api/course-questions?lessonId=9&courseId=2`)).toBe(true);
    expect(
      QUESTION_SETS_PATTERN.test(`${ORIGIN}/api/course-questions?lessonId=9&courseId=2&type=translation`),
    ).toBe(true);
    expect(QUESTION_SETS_PATTERN.test(`${ORIGIN}/api/course-questions/x`)).toBe(false);
    expect(SESSION_PATTERN.test(`${ORIGIN}/api/auth/user`)).toBe(true);
  });

  it("keeps the learner's own reads behind the library, 今日複習 and the error book, in a personal cache", () => {
    for (const path of [
      '/api/users/5/stats',
      '/api/users/5/reviews?limit=0',
      '/api/users/5/reviews/session?mode=due',
      '/api/users/5/reviews/forecast',
      '/api/users/5/review-settings',
      '/api/users/5/error-questions',
      '/api/users/5/error-questions/stats',
      '/api/users/5/knowledge-tags',
      '/api/users/5/appeals',
      '/api/users/5/pending-answers',
    ]) {
      expect(LEARNER_PATTERN.test(`${ORIGIN}${path}`), path).toBe(true);
    }
    const learnerRule = offlineRuntimeCaching.find((rule) => rule.urlPattern === LEARNER_PATTERN);
    expect(PERSONAL_CACHES).toContain(learnerRule?.options?.cacheName);
    // Signing out drops who is signed in and every read of theirs; the texts stay.
    expect([...PERSONAL_CACHES].sort()).toEqual(['wyt-learner', 'wyt-question-sets', 'wyt-session']);
  });

  it('never keeps answers, staff views or anything else of the API', () => {
    for (const path of [
      '/api/users/answers',
      '/api/users/5/error-questions/q1/master',
      '/api/users/5/reviews/session/x',
      '/api/teacher/learners/5/appeals',
      '/api/teacher/pending-answers',
      '/api/teacher/classes',
      '/api/admin/users',
      '/api/dse-papers/1/questions',
      '/api/leaderboard',
    ]) {
      expect(kept(path), path).toBe(false);
    }
  });

  it('only ever caches GETs, network first, and only successful answers', () => {
    for (const rule of offlineRuntimeCaching) {
      expect(rule.method).toBe('GET');
      expect(rule.handler).toBe('NetworkFirst');
      expect(rule.options?.cacheableResponse?.statuses).toEqual([200]);
    }
  });
});

describe('the web app manifest', () => {
  it('names the app, installs standalone in Hong Kong Traditional Chinese, with any and maskable icons', () => {
    expect(webManifest).toMatchObject({ name: '文言通', display: 'standalone', lang: 'zh-Hant-HK' });
    expect(webManifest.icons?.map((i) => `${i.sizes}:${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']),
    );
  });
});
