/**
 * The adaptive question picker of GET /api/lessons/:id/adaptive-questions.
 *
 * The rule:
 * 1. The learner's recent accuracy (the last RECENT_ANSWERS answers, any lesson) sets a target difficulty:
 *    at least 80 % → advanced, at least 50 % → intermediate, below → beginner; no answers yet → beginner.
 * 2. Each candidate question scores: +4 when it is an open item of the learner's error book, +2 when the
 *    learner never answered it, −4 when their latest answer to it was right (mastered), and −1 per step
 *    its difficulty is away from the target.
 * 3. The highest scores win; ties are broken by a seeded shuffle (so two sessions differ, a replay does not).
 * 4. A set never repeats a question, and has at most `count` questions.
 */

export type AdaptiveDifficulty = 'beginner' | 'intermediate' | 'advanced';

const RANK: Readonly<Record<AdaptiveDifficulty, number>> = { beginner: 0, intermediate: 1, advanced: 2 };

/** How many recent answers set the target difficulty. */
export const RECENT_ANSWERS = 10;

export type AdaptiveCandidate = { readonly id: string; readonly difficulty: string };

export type AdaptiveHistory = {
  /** The learner's most recent answers, newest first (only `isCorrect` is read). */
  readonly recentAnswers: ReadonlyArray<{ readonly isCorrect: boolean }>;
  /** Per question id, whether the learner's latest answer to it was right. */
  readonly latestByQuestion: Readonly<Record<string, boolean>>;
  /** Question ids open in the learner's error book. */
  readonly openErrors: ReadonlySet<string>;
};

/** The difficulty the next questions should aim at, from the recent answers. */
export function targetDifficulty(recentAnswers: AdaptiveHistory['recentAnswers']): AdaptiveDifficulty {
  const recent = recentAnswers.slice(0, RECENT_ANSWERS);
  if (recent.length === 0) return 'beginner';
  const accuracy = recent.filter((a) => a.isCorrect).length / recent.length;
  if (accuracy >= 0.8) return 'advanced';
  if (accuracy >= 0.5) return 'intermediate';
  return 'beginner';
}

function rankOf(difficulty: string): number {
  return RANK[difficulty as AdaptiveDifficulty] ?? RANK.intermediate;
}

/** A candidate's score under the rule above. */
export function adaptiveScore(
  candidate: AdaptiveCandidate,
  history: AdaptiveHistory,
  target: AdaptiveDifficulty,
): number {
  let score = 0 - Math.abs(rankOf(candidate.difficulty) - RANK[target]);
  if (history.openErrors.has(candidate.id)) score += 4;
  const latest = history.latestByQuestion[candidate.id];
  if (latest === undefined) score += 2;
  else if (latest) score -= 4;
  return score;
}

/**
 * Picks up to `count` distinct questions for the learner by the rule above.
 * @example pickAdaptive(questions, history, 8, seededRandom(42))
 */
export function pickAdaptive<Q extends AdaptiveCandidate>(
  candidates: readonly Q[],
  history: AdaptiveHistory,
  count: number,
  random: () => number,
): Q[] {
  const target = targetDifficulty(history.recentAnswers);
  const seen = new Set<string>();
  const unique: Q[] = [];
  for (const q of candidates) {
    if (seen.has(q.id)) continue;
    seen.add(q.id);
    unique.push(q);
  }
  return unique
    .map((q) => ({ q, score: adaptiveScore(q, history, target), tie: random() }))
    .sort((a, b) => b.score - a.score || a.tie - b.tie)
    .slice(0, Math.max(0, count))
    .map((x) => x.q);
}

/** A small deterministic random source (mulberry32) for seeded shuffles. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
