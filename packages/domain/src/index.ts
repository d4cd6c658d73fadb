/**
 * @wenyan/domain: the rules of 文言通 as pure functions, the learner decider and the projections.
 * No I/O, no clock, no randomness of its own. See ../CONTEXT.md.
 */
export * from './achievements/achievements.ts';
export * from './adaptive/adaptive.ts';
export * from './grading/fold.ts';
export * from './grading/grading.ts';
export * from './grading/marker.ts';
export * from './grading/option-order.ts';
export * from './grading/ratings.ts';
export * from './learner/decide.ts';
export * from './learner/events.ts';
export * from './learner/upcast.ts';
export * from './levels/levels.ts';
export * from './profile/profile.ts';
export * from './progress/progress.ts';
export * from './projections/learner-view.ts';
export * from './projections/selectors.ts';
export * from './recitation/dictation.ts';
export * from './recitation/locate.ts';
export * from './recitation/recitation.ts';
export * from './shared/errors.ts';
export * from './streak/streak.ts';
export * from './time/hong-kong.ts';
export * from './xp/awards.ts';
