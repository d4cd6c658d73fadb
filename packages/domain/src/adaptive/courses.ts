/**
 * The four courses (第一課 to 第四課) of a type roadmap: which questions course n serves.
 *
 * The rule:
 * 1. The lesson's questions of the type are put in order of difficulty: `difficulty` (beginner,
 *    intermediate, advanced), then the word's frequency tier (200, 400, 900: a rarer word is harder;
 *    none counts as the most common), then the id (so the order is stable).
 * 2. The ordered list is cut into four bands of (nearly) equal size: course n owns band n, so the four
 *    courses go from easier to harder and their own questions never repeat between them.
 * 3. A course serves up to `limit` questions: its own band first; when the band is short of `limit`,
 *    the questions nearest to it in the order (one band away, then two...) fill it. Within the band,
 *    and within each ring of neighbours, the questions the learner has never answered come first.
 * 4. The chosen questions are served in the order of rule 1 (easier first).
 */

import type { AdaptiveCandidate } from './adaptive.ts';

/** How many courses a type roadmap has. */
export const COURSES_PER_ROADMAP = 4;

const DIFFICULTY_RANK: Readonly<Record<string, number>> = { beginner: 0, intermediate: 1, advanced: 2 };

export type CourseCandidate = AdaptiveCandidate & { readonly characterFrequency?: number | null };

/** Orders questions easier to harder (rule 1). */
export function compareCourseDifficulty(a: CourseCandidate, b: CourseCandidate): number {
  const rank = (q: CourseCandidate) => DIFFICULTY_RANK[q.difficulty] ?? DIFFICULTY_RANK.intermediate!;
  return (
    rank(a) - rank(b) ||
    (a.characterFrequency ?? 0) - (b.characterFrequency ?? 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** The [start, end) positions of band `course` (1-based) in a list of `total` ordered questions. */
export function courseBand(total: number, course: number): { start: number; end: number } {
  const n = Math.min(Math.max(Math.trunc(course), 1), COURSES_PER_ROADMAP);
  return {
    start: Math.floor(((n - 1) * total) / COURSES_PER_ROADMAP),
    end: Math.floor((n * total) / COURSES_PER_ROADMAP),
  };
}

/**
 * The questions course `course` (1 to 4; others are clamped) serves to a learner who has answered
 * the questions in `answered`, by the rule above.
 * @example pickCourse(questions, 2, 8, new Set(['l09-wi-01']))
 */
export function pickCourse<Q extends CourseCandidate>(
  candidates: readonly Q[],
  course: number,
  limit: number,
  answered: ReadonlySet<string>,
): Q[] {
  const unique = new Map<string, Q>();
  for (const q of candidates) if (!unique.has(q.id)) unique.set(q.id, q);
  const ordered = [...unique.values()].sort(compareCourseDifficulty);
  const { start, end } = courseBand(ordered.length, course);
  const bandSize = Math.max(end - start, 1);
  const ranked = ordered.map((q, position) => {
    const distance = position < start ? start - position : position >= end ? position - end + 1 : 0;
    return {
      q,
      position,
      ring: Math.ceil(distance / bandSize),
      distance,
      answered: answered.has(q.id) ? 1 : 0,
    };
  });
  return ranked
    .sort(
      (a, b) =>
        a.ring - b.ring || a.answered - b.answered || a.distance - b.distance || a.position - b.position,
    )
    .slice(0, Math.max(0, limit))
    .sort((a, b) => a.position - b.position)
    .map((x) => x.q);
}
