/**
 * @wenyan/contracts: the zod schema of every HTTP call and websocket message, the route registry,
 * and the OpenAPI document generated from them. Types are inferred from the schemas.
 */
export * from './admin.ts';
export * from './appeals.ts';
export * from './auth.ts';
export * from './class-report.ts';
export * from './classroom.ts';
export * from './classroom-routes.ts';
export * from './common.ts';
export * from './dse.ts';
export * from './env.ts';
export * from './error-book.ts';
export * from './errors.ts';
export * from './fair-play.ts';
export * from './health.ts';
export * from './homework.ts';
export * from './leaderboard.ts';
export * from './lessons.ts';
export { LOGIN_PATH, LOGOUT_PATH } from './light.ts';
export * from './openapi.ts';
export * from './privacy.ts';
export * from './questions.ts';
export * from './recitation.ts';
export * from './reminders.ts';
export * from './rendering-routes.ts';
export * from './reviews.ts';
export * from './routes.ts';
export * from './self-marks.ts';
export * from './teacher.ts';
export * from './teacher-marking.ts';
export * from './users.ts';
export * from './vocabulary.ts';
export * from './ws.ts';
