/**
 * @wenyan/domain: the rules of 文言通 as pure functions, the learner decider and the projections.
 * No I/O, no clock, no randomness of its own. See ../CONTEXT.md.
 */
export * from './achievements/achievements.ts';
export * from './adaptive/adaptive.ts';
export * from './adaptive/courses.ts';
export * from './grading/fold.ts';
export * from './grading/grading.ts';
export * from './grading/marker.ts';
export * from './grading/option-order.ts';
export * from './grading/ratings.ts';
export * from './homework/assignments.ts';
export * from './homework/completion.ts';
export * from './homework/league.ts';
export * from './learner/decide.ts';
export * from './learner/events.ts';
export * from './learner/polarity.ts';
export * from './learner/state-parts.ts';
export * from './learner/upcast.ts';
export * from './levels/levels.ts';
export * from './pace/flags.ts';
export * from './pace/pace.ts';
export * from './pace/self-marks.ts';
export * from './passage/annotations.ts';
export * from './profile/names.ts';
export * from './profile/profile.ts';
export * from './progress/progress.ts';
export * from './projections/learner-view.ts';
export * from './projections/selectors.ts';
export * from './recitation/dictation.ts';
export * from './recitation/forms.ts';
export * from './recitation/locate.ts';
export * from './recitation/recitation.ts';
export * from './reminders/reminders.ts';
export * from './review/exam-date.ts';
export * from './review/forecast.ts';
export * from './review/review-book.ts';
export * from './review/scheduler.ts';
export * from './shared/errors.ts';
export * from './streak/streak.ts';
export * from './time/hong-kong.ts';
export * from './xp/awards.ts';
