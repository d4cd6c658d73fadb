import { type LearnerEvent, type LearnerFold, levelForXp, projectLearner } from '@wenyan/domain';

/** Folds freshly decided events onto a view (with the items it holds). */
export function withEvents(view: LearnerFold, events: readonly LearnerEvent[]): LearnerFold {
  return events.reduce<LearnerFold>(projectLearner, view);
}

/** The totals a command's reply carries. */
export function totalsOf(state: { totalXP: number; streakDays: number }) {
  return { totalXP: state.totalXP, level: levelForXp(state.totalXP), streakDays: state.streakDays };
}
