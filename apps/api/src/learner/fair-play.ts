/**
 * Fair-play flags read from the event store (issue 37): the week's answers beyond the pace, the week's
 * and the weeks before's server-marked answers (the accuracy-jump rule), and whether a review cleared
 * them this week. One reader for the class table, the league and the admin panel.
 */
import {
  ACCURACY_JUMP,
  BEYOND_PACE_REASONS,
  type FairPlayFlag,
  fairPlayFlags,
  hongKongWeekStart,
  PACE_FLAG_ANSWERS,
} from '@wenyan/domain';
import {
  answersBeyondPaceSince,
  answerTalliesSince,
  type Db,
  flagsClearedSince,
  paceFlaggedSince,
} from '@wenyan/store';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export type FairPlay = { readonly answersBeyondPace: number; readonly flags: FairPlayFlag[] };

/** The week's start and the start of the learner's history before it. */
function weekBounds(now: string): { weekStart: Date; historyStart: Date } {
  const weekStart = new Date(hongKongWeekStart(now));
  return { weekStart, historyStart: new Date(weekStart.getTime() - ACCURACY_JUMP.historyWeeks * WEEK_MS) };
}

/** Each learner's fair-play figures this week (every id is present). */
export async function readFairPlay(
  db: Db,
  userIds: readonly string[],
  now: string,
): Promise<Map<string, FairPlay>> {
  const { weekStart, historyStart } = weekBounds(now);
  const [beyond, tallies, cleared] = await Promise.all([
    answersBeyondPaceSince(db, userIds, weekStart, BEYOND_PACE_REASONS),
    answerTalliesSince(db, userIds, weekStart, historyStart),
    flagsClearedSince(db, userIds, weekStart),
  ]);
  const none = { answered: 0, correct: 0 };
  return new Map(
    userIds.map((id) => {
      const answersBeyondPace = beyond.get(id) ?? 0;
      const tally = tallies.get(id);
      const flags = fairPlayFlags({
        answersBeyondPace,
        week: tally?.week ?? none,
        history: tally?.history ?? none,
        cleared: cleared.has(id),
      });
      return [id, { answersBeyondPace, flags }];
    }),
  );
}

/** The learners flagged this week, across the platform (the admin panel), most answers beyond pace first. */
export async function flaggedLearners(db: Db, now: string): Promise<Array<{ userId: string } & FairPlay>> {
  const { weekStart, historyStart } = weekBounds(now);
  const [paced, jumped] = await Promise.all([
    paceFlaggedSince(db, weekStart, BEYOND_PACE_REASONS, PACE_FLAG_ANSWERS),
    answerTalliesSince(db, null, weekStart, historyStart, ACCURACY_JUMP.weekAnswers),
  ]);
  const ids = [...new Set([...paced.map((p) => p.userId), ...jumped.keys()])];
  const figures = await readFairPlay(db, ids, now);
  return ids
    .map((userId) => ({ userId, ...figures.get(userId)! }))
    .filter((f) => f.flags.length > 0)
    .sort((a, b) => b.answersBeyondPace - a.answersBeyondPace)
    .slice(0, 50);
}
