import { type LearnerEvent, type LearnerView, levelForXp, projectLearner } from '@wenyan/domain';

/** Folds freshly decided events onto a view. */
export function withEvents(view: LearnerView, events: readonly LearnerEvent[]): LearnerView {
  return events.reduce(projectLearner, view);
}

/** The totals a command's reply carries. */
export function totalsOf(state: { totalXP: number; streakDays: number }) {
  return { totalXP: state.totalXP, level: levelForXp(state.totalXP), streakDays: state.streakDays };
}
