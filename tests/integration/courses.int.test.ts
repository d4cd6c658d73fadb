/**
 * The type roadmap's four courses (issue 22): each serves its own quarter of the lesson's questions of
 * the type, easier to harder, and the learner's unseen questions first.
 */
import { type Question, QuestionListSchema } from '@wenyan/contracts';
import { type CourseCandidate, compareCourseDifficulty } from '@wenyan/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { postAnswer, signUp, type TestAccount } from '../support/accounts.ts';
import { useTestApp } from '../support/app-harness.ts';

describe('the four courses of a type roadmap', () => {
  let learner: TestAccount;
  const t = useTestApp('embedded');
  beforeAll(async () => {
    learner = await signUp(t.app, 'courses');
  });

  async function course(courseId: number, limit: number, type = 'word_interpretation'): Promise<Question[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/course-questions?lessonId=9&type=${type}&courseId=${courseId}&limit=${limit}`,
      headers: learner.headers,
    });
    expect(res.statusCode).toBe(200);
    return QuestionListSchema.parse(res.json());
  }
  const ids = (qs: Question[]) => qs.map((q) => q.id);
  /** A served question as the course rule reads it (lesson questions always have a difficulty). */
  const rated = (q: Question): CourseCandidate => ({ ...q, difficulty: q.difficulty ?? 'intermediate' });
  const inOrder = (qs: Question[]) =>
    expect(
      [...qs]
        .map(rated)
        .sort(compareCourseDifficulty)
        .map((q) => q.id),
    ).toEqual(ids(qs));

  for (const type of ['word_interpretation', 'sentence_translation', 'cultural_knowledge']) {
    it(`gives four different sets of ${type}, each easier than the next`, async () => {
      const all = await course(1, 50, type);
      const quarter = Math.floor(all.length / 4);
      expect(quarter).toBeGreaterThanOrEqual(1);
      const courses = await Promise.all([1, 2, 3, 4].map((n) => course(n, quarter, type)));
      const seen = new Set(courses.flatMap(ids));
      expect(seen.size).toBe(quarter * 4);
      for (const [n, questions] of courses.entries()) {
        expect(questions).toHaveLength(quarter);
        inOrder(questions);
        const next = courses[n + 1];
        if (next) expect(compareCourseDifficulty(rated(questions.at(-1)!), rated(next[0]!))).toBeLessThan(0);
      }
    });
  }

  it('serves eight questions per course as the roadmap asks, the first course differing from the last', async () => {
    const courses = await Promise.all([1, 2, 3, 4].map((n) => course(n, 8)));
    for (const questions of courses) inOrder(questions);
    expect(ids(courses[0]!)).not.toEqual(ids(courses[3]!));
    expect(courses[0]![0]!.id).toBe((await course(1, 50))[0]!.id);
  });

  it("puts the learner's unseen questions of a course before those answered", async () => {
    const all = await course(1, 50);
    const quarter = Math.floor(all.length / 4);
    const second = await course(2, quarter);
    const answered = second[0]!;
    const res = await postAnswer(t.app, learner, answered.id, answered.options[0]!);
    expect(res.statusCode).toBe(200);
    const again = await course(2, quarter - 1);
    expect(ids(again)).not.toContain(answered.id);
    expect(ids(again)).toEqual(
      ids(second)
        .filter((id) => id !== answered.id)
        .slice(0, quarter - 1),
    );
    // The answered question still belongs to the course: with room for it, it comes back.
    expect(ids(await course(2, quarter))).toEqual(ids(second));
  });
});
