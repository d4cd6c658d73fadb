import type { ClassLearner } from '@wenyan/contracts';
import { lessonStatsRecords } from '@wenyan/domain';
import { type ClassMemberRecord, type Db, readLearnerView } from '@wenyan/store';
import type { FairPlay } from '../../learner/fair-play.ts';
import { figuresOf } from '../../replay/replay.ts';

/**
 * One row of the class table: the learner's current view (projection plus any events after its
 * checkpoint), with the streak as their own pages show it now.
 */
export async function classLearnerRow(
  db: Db,
  member: ClassMemberRecord,
  titles: ReadonlyMap<number, string>,
  now: string,
  /** The learner's fair-play figures this week (issue 37). */
  fairPlay: FairPlay = { answersBeyondPace: 0, flags: [] },
): Promise<ClassLearner> {
  const { view } = await readLearnerView(db, member.userId);
  const figures = figuresOf(view, now);
  const answered = lessonStatsRecords(view).filter(
    (r) => (view.lessons[String(r.lessonId)]?.answers ?? 0) > 0,
  );
  const weakest = answered.reduce<(typeof answered)[number] | null>(
    (worst, r) => (worst === null || r.accuracy < worst.accuracy ? r : worst),
    null,
  );
  return {
    id: member.userId,
    username: member.username,
    firstName: member.firstName,
    lastName: member.lastName,
    totalXP: figures.totalXP,
    level: figures.level,
    streakDays: figures.streakDays,
    completedLessons: view.completedLessonCount,
    accuracy: figures.accuracy,
    lastActiveDate: view.lastActiveAt,
    weakestLesson: weakest
      ? {
          lessonId: weakest.lessonId,
          title: titles.get(weakest.lessonId) ?? `第 ${weakest.lessonId} 課`,
          accuracy: weakest.accuracy,
        }
      : null,
    answersBeyondPace: fairPlay.answersBeyondPace,
    flagged: fairPlay.flags.length > 0,
    flags: fairPlay.flags,
  };
}
