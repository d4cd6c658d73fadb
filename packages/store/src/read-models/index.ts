/** The read side: one file per read model, each a set of `(db, …)` functions returning records. */
export * from './answer-history.ts';
export * from './appeals.ts';
export * from './class-report.ts';
export * from './content.ts';
export * from './error-book.ts';
export * from './learner-answer.ts';
export * from './learner-view.ts';
export * from './lesson-stats.ts';
export * from './pending-answers.ts';
export * from './renderings.ts';
export * from './replay.ts';
export * from './reviews.ts';
export * from './reviews-due.ts';
export * from './self-marks.ts';
export * from './system.ts';
export * from './user-totals.ts';
export * from './vocabulary.ts';
