/**
 * The registry of every HTTP call: `apiRoutes`, keyed by operation name. The API registers its routes
 * from it, the web client types its calls with `Input<'name'>` / `Output<'name'>`, and the OpenAPI
 * document is generated from it.
 */

import type { z } from 'zod';
import {
  AdminStatusSchema,
  AdminUserParamsSchema,
  AdminUserQuerySchema,
  AdminUserSchema,
  ImportResultSchema,
  SetRolesBodySchema,
  UploadTextBodySchema,
} from './admin.ts';
import {
  AcceptAppealBodySchema,
  AppealBodySchema,
  AppealListSchema,
  AppealParamsSchema,
  AppealSchema,
  DeclineAppealBodySchema,
  TeacherAppealListSchema,
  TeacherAppealsQuerySchema,
} from './appeals.ts';
import {
  ChangePasswordBodySchema,
  LoginBodySchema,
  OidcCallbackQuerySchema,
  RegisterBodySchema,
  ResetCodeSchema,
  ResetPasswordBodySchema,
} from './auth.ts';
import { classReportRoutes } from './class-report.ts';
import { classroomRoutes } from './classroom-routes.ts';
import { MessageSchema } from './common.ts';
import {
  DseAboutSchema,
  DseMetadataSchema,
  DseMixedPracticeFiltersSchema,
  DseMixedPracticeQuerySchema,
  DseMixQuerySchema,
  DsePaperListSchema,
  DsePaperParamsSchema,
} from './dse.ts';
import {
  ErrorQuestionListSchema,
  ErrorQuestionParamsSchema,
  ErrorQuestionRecordSchema,
  ErrorStatsSchema,
  UpdateErrorQuestionBodySchema,
} from './error-book.ts';
import { type ErrorBodySchema, errorResponses } from './errors.ts';
import { fairPlayRoutes } from './fair-play.ts';
import {
  HealthSchema,
  HtmlPageSchema,
  OpenApiJsonSchema,
  PlainTextSchema,
  RedirectSchema,
  SwitchingProtocolsSchema,
} from './health.ts';
import {
  AssignmentBodySchema,
  AssignmentHistorySchema,
  AssignmentParamsSchema,
  AssignmentSchema,
  ClassHomeworkSchema,
  ClassLeagueListSchema,
  ClassLeagueSchema,
  ClassSettingsSchema,
  LeaderboardVisibilitySchema,
  MyHomeworkSchema,
} from './homework.ts';
import { LeaderboardSchema } from './leaderboard.ts';
import {
  LessonIdParamsSchema,
  LessonListSchema,
  LessonNodeParamsSchema,
  LessonParamsSchema,
  LessonSchema,
  NodeAvailabilityListSchema,
  PassageAnnotationsSchema,
} from './lessons.ts';
import { buildPath, LOGIN_PATH, LOGOUT_PATH, SUCCESS_STATUSES, type SuccessStatus } from './light.ts';
import {
  DeleteAccountBodySchema,
  ExportCsvQuerySchema,
  LeaderboardPreferencesSchema,
  LearnerExportSchema,
} from './privacy.ts';
import {
  AdaptiveQuestionsQuerySchema,
  CharacterThresholdQuerySchema,
  CourseQuestionsQuerySchema,
  CreateQuestionBodySchema,
  KeyedQuestionListSchema,
  KeyedQuestionSchema,
  QuestionListSchema,
} from './questions.ts';
import {
  FinishRecitationBodySchema,
  RecitationResultSchema,
  ServedRecitationSchema,
  ServeRecitationBodySchema,
} from './recitation.ts';
import {
  PushPublicKeySchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
  ReminderSettingsBodySchema,
  ReminderSettingsSchema,
} from './reminders.ts';
import { renderingRoutes } from './rendering-routes.ts';
import {
  ClassForecastSchema,
  DefaultExamDateListSchema,
  DefaultExamDateSchema,
  DueReviewListSchema,
  DueReviewsQuerySchema,
  ExamYearParamsSchema,
  KnowledgeTagStatsSchema,
  ReviewForecastSchema,
  ReviewSessionQuerySchema,
  ReviewSessionSchema,
  ReviewSettingsSchema,
  SetDefaultExamDateBodySchema,
  SetExamDateBodySchema,
  UpdateReviewSettingsBodySchema,
} from './reviews.ts';
import type { RouteContract } from './route-contract.ts';
import { selfMarkRoutes } from './self-marks.ts';
import {
  ClassLearnerListSchema,
  ClassParamsSchema,
  ClassSchema,
  ClassSummaryListSchema,
  CreateClassBodySchema,
  JoinClassBodySchema,
  JoinedClassSchema,
  LearnerEventPageSchema,
  LearnerEventsQuerySchema,
  LearnerParamsSchema,
  LearnerStateQuerySchema,
  LearnerStateSchema,
} from './teacher.ts';
import { teacherMarkingRoutes } from './teacher-marking.ts';
import {
  AnswerResultSchema,
  AwardXpBodySchema,
  AwardXpResultSchema,
  CompletedActivitiesSchema,
  NodeCompleteBodySchema,
  NodeCompleteParamsSchema,
  NodeCompleteResultSchema,
  NodeResultListSchema,
  SubmitAnswerBodySchema,
  UpdateSchoolBodySchema,
  UserIdParamsSchema,
  UserLessonParamsSchema,
  UserParamsSchema,
  UserSchema,
  UserStatsListSchema,
} from './users.ts';
import {
  MixedLessonListSchema,
  SentencePatternParamsSchema,
  SentencePatternSessionListSchema,
  VocabularyLessonListSchema,
  VocabularyQuestionsQuerySchema,
  VocabularyRecordBodySchema,
  VocabularyRecordListSchema,
  VocabularyRecordSchema,
  VocabularyStatsSchema,
} from './vocabulary.ts';

export {
  AUTH_RULES,
  type AuthRule,
  HTTP_METHODS,
  type HttpMethod,
  RESPONSE_KINDS,
  type ResponseKind,
  type RouteContract,
} from './route-contract.ts';
export { SUCCESS_STATUSES, type SuccessStatus };

// ---------------------------------------------------------------------------------------------
// The registry
// ---------------------------------------------------------------------------------------------

const adminImport = (name: string, what: string) =>
  ({
    method: 'POST',
    path: `/api/admin/import-${name}`,
    summary: `Import ${what} (idempotent; empty body)`,
    auth: 'admin',
    responses: { 200: ImportResultSchema, ...errorResponses(401, 403) },
  }) as const;

/** Every call of both spec tables plus the project's own (identity, teachers, operations). */
export const apiRoutes = {
  // Identity --------------------------------------------------------------------------------
  loginPage: {
    method: 'GET',
    path: LOGIN_PATH,
    summary: 'The sign-in page (or a redirect to the school sign-in provider)',
    auth: 'public',
    kind: 'html',
    responses: { 200: HtmlPageSchema, 302: RedirectSchema },
  },
  loginCallback: {
    method: 'GET',
    path: '/api/login/callback',
    summary: 'Where the school sign-in provider returns (OpenID Connect authorization code)',
    auth: 'public',
    kind: 'redirect',
    query: OidcCallbackQuerySchema,
    responses: { 302: RedirectSchema, ...errorResponses(400) },
  },
  logoutRedirect: {
    method: 'GET',
    path: LOGOUT_PATH,
    summary: 'Sign out and redirect to /',
    auth: 'public',
    kind: 'redirect',
    responses: { 302: RedirectSchema },
  },
  register: {
    method: 'POST',
    path: '/api/auth/register',
    summary: 'Create a local account and sign in',
    auth: 'public',
    body: RegisterBodySchema,
    responses: { 201: UserSchema, ...errorResponses(400, 409, 429) },
  },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with a username and password',
    auth: 'public',
    body: LoginBodySchema,
    responses: { 200: UserSchema, ...errorResponses(400, 401, 429) },
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Sign out (ends the session)',
    auth: 'public',
    responses: { 200: MessageSchema },
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/password',
    summary: 'Change the signed-in user’s password (needs the current one; ends their other sessions)',
    auth: 'user',
    body: ChangePasswordBodySchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 429) },
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset',
    summary: 'Set a new password with a one-time reset code from a teacher or admin, and sign in',
    auth: 'public',
    body: ResetPasswordBodySchema,
    responses: { 200: UserSchema, ...errorResponses(400, 429) },
  },
  getCurrentUser: {
    method: 'GET',
    path: '/api/auth/user',
    summary: 'The signed-in user, or 401',
    auth: 'user',
    responses: { 200: UserSchema, ...errorResponses(401) },
  },
  getUser: {
    method: 'GET',
    path: '/api/user/:id',
    summary: 'A user (the streak page)',
    auth: 'self',
    params: UserParamsSchema,
    responses: { 200: UserSchema, ...errorResponses(400, 401, 403, 404) },
  },

  // Lessons and questions --------------------------------------------------------------------
  listLessons: {
    method: 'GET',
    path: '/api/lessons',
    summary: 'All lessons',
    auth: 'user',
    responses: { 200: LessonListSchema, ...errorResponses(401) },
  },
  getLesson: {
    method: 'GET',
    path: '/api/lessons/:id',
    summary: 'One lesson',
    auth: 'user',
    params: LessonParamsSchema,
    responses: { 200: LessonSchema, ...errorResponses(400, 401, 404) },
  },
  getLessonAnnotations: {
    method: 'GET',
    path: '/api/lessons/:id/annotations',
    summary: "A passage's notes (注釋) and 語譯",
    auth: 'user',
    params: LessonParamsSchema,
    responses: { 200: PassageAnnotationsSchema, ...errorResponses(400, 401, 404) },
  },
  listLessonQuestions: {
    method: 'GET',
    path: '/api/lessons/:lessonId/questions',
    summary: 'The questions of a lesson',
    auth: 'user',
    params: LessonIdParamsSchema,
    responses: { 200: QuestionListSchema, ...errorResponses(400, 401, 404) },
  },
  getNodeAvailability: {
    method: 'GET',
    path: '/api/lessons/:lessonId/nodes/availability',
    summary: 'The roadmap nodes of a lesson with their available question counts',
    auth: 'user',
    params: LessonIdParamsSchema,
    query: CharacterThresholdQuerySchema,
    responses: { 200: NodeAvailabilityListSchema, ...errorResponses(400, 401, 404) },
  },
  listNodeQuestions: {
    method: 'GET',
    path: '/api/lessons/:lessonId/nodes/:type/questions',
    summary: 'The questions of one roadmap node',
    auth: 'user',
    params: LessonNodeParamsSchema,
    query: CharacterThresholdQuerySchema,
    responses: { 200: QuestionListSchema, ...errorResponses(400, 401, 404) },
  },
  getAdaptiveQuestions: {
    method: 'GET',
    path: '/api/lessons/:id/adaptive-questions',
    summary: 'Questions for the adaptive quiz, chosen for the signed-in learner',
    auth: 'user',
    params: LessonParamsSchema,
    query: AdaptiveQuestionsQuerySchema,
    responses: { 200: QuestionListSchema, ...errorResponses(400, 401, 404) },
  },
  listCourseQuestions: {
    method: 'GET',
    path: '/api/course-questions',
    summary: 'Questions of a course node (limit 8 by default)',
    auth: 'user',
    query: CourseQuestionsQuerySchema,
    responses: { 200: QuestionListSchema, ...errorResponses(400, 401) },
  },
  listKeyedLessonQuestions: {
    method: 'GET',
    path: '/api/teacher/lessons/:lessonId/questions',
    summary: "A lesson's questions with their keys and explanations (teachers and admins)",
    auth: 'teacher',
    params: LessonIdParamsSchema,
    responses: { 200: KeyedQuestionListSchema, ...errorResponses(400, 401, 403, 404) },
  },
  createQuestion: {
    method: 'POST',
    path: '/api/questions',
    summary: 'Add a word-interpretation question (the add-question form)',
    auth: 'teacher',
    body: CreateQuestionBodySchema,
    responses: { 201: KeyedQuestionSchema, ...errorResponses(400, 401, 403, 404, 429) },
  },

  // Appeals ---------------------------------------------------------------------------------
  appealAnswer: {
    method: 'POST',
    path: '/api/users/:userId/appeals',
    summary: 'Appeal the marking of one of my free-text answers (「我認為答案正確」)',
    auth: 'self',
    params: UserIdParamsSchema,
    body: AppealBodySchema,
    responses: { 201: AppealSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  listAppeals: {
    method: 'GET',
    path: '/api/users/:userId/appeals',
    summary: "A learner's appeals and their outcome",
    auth: 'teacherOrSelf',
    params: UserIdParamsSchema,
    responses: { 200: AppealListSchema, ...errorResponses(400, 401, 403, 404) },
  },

  // The learner's progress -------------------------------------------------------------------
  getUserStats: {
    method: 'GET',
    path: '/api/users/:userId/stats',
    summary: 'Per-lesson stats of a learner',
    auth: 'teacherOrSelf',
    params: UserIdParamsSchema,
    responses: { 200: UserStatsListSchema, ...errorResponses(400, 401, 403, 404) },
  },
  awardXp: {
    method: 'POST',
    path: '/api/users/:userId/stats',
    summary: 'Compatibility call: checks the claimed XP and answers the true totals',
    auth: 'self',
    params: UserIdParamsSchema,
    body: AwardXpBodySchema,
    responses: { 200: AwardXpResultSchema, ...errorResponses(400, 401, 403) },
  },
  submitAnswer: {
    method: 'POST',
    path: '/api/users/answers',
    summary: 'Submit one answer; the server grades it and awards XP',
    auth: 'user',
    body: SubmitAnswerBodySchema,
    responses: { 200: AnswerResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  completeNode: {
    method: 'POST',
    path: '/api/users/:userId/lessons/:lessonId/nodes/:type/complete',
    summary: 'Mark a roadmap node (question type) of a lesson completed',
    auth: 'self',
    params: NodeCompleteParamsSchema,
    body: NodeCompleteBodySchema,
    responses: { 200: NodeCompleteResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  getCompletedActivities: {
    method: 'GET',
    path: '/api/users/:id/lessons/:lessonId/completed-activities',
    summary: 'The question types a learner completed on a lesson',
    auth: 'teacherOrSelf',
    params: UserLessonParamsSchema,
    responses: { 200: CompletedActivitiesSchema, ...errorResponses(400, 401, 403, 404) },
  },
  getNodeResults: {
    method: 'GET',
    path: '/api/users/:id/lessons/:lessonId/node-results',
    summary: "A learner's roadmap nodes of a lesson: completed or not, and the best session score",
    auth: 'teacherOrSelf',
    params: UserLessonParamsSchema,
    responses: { 200: NodeResultListSchema, ...errorResponses(400, 401, 403, 404) },
  },
  updateSchool: {
    method: 'PATCH',
    path: '/api/users/:id/school',
    summary: "Change the learner's school name",
    auth: 'self',
    params: UserParamsSchema,
    body: UpdateSchoolBodySchema,
    responses: { 200: UserSchema, ...errorResponses(400, 401, 403) },
  },
  finishRecitation: {
    method: 'POST',
    path: '/api/recitations',
    summary: 'Finish a recitation run; the server grades it and awards XP',
    auth: 'user',
    body: FinishRecitationBodySchema,
    responses: { 201: RecitationResultSchema, ...errorResponses(400, 401, 404, 409) },
  },
  serveRecitation: {
    method: 'POST',
    path: '/api/recitations/served',
    summary:
      'Begin writing a passage from memory: a token the written run sends back, so the server times it',
    auth: 'user',
    body: ServeRecitationBodySchema,
    responses: { 200: ServedRecitationSchema, ...errorResponses(400, 401, 404) },
  },

  // Vocabulary -------------------------------------------------------------------------------
  listVocabularyQuestions: {
    method: 'GET',
    path: '/api/vocabulary/questions',
    summary: 'Word questions by lessonIds, sessionId or lessonId',
    auth: 'user',
    query: VocabularyQuestionsQuerySchema,
    responses: { 200: QuestionListSchema, ...errorResponses(400, 401, 404) },
  },
  listVocabularyLessons: {
    method: 'GET',
    path: '/api/vocabulary/lessons',
    summary: 'Lessons with word questions',
    auth: 'user',
    responses: { 200: VocabularyLessonListSchema, ...errorResponses(401) },
  },
  listMixedLessons: {
    method: 'GET',
    path: '/api/vocabulary/mixed-lessons',
    summary: 'Mixed word-practice sessions',
    auth: 'user',
    responses: { 200: MixedLessonListSchema, ...errorResponses(401) },
  },
  listSentencePatterns: {
    method: 'GET',
    path: '/api/sentence-patterns',
    summary: 'The 句式 sessions',
    auth: 'user',
    responses: { 200: SentencePatternSessionListSchema, ...errorResponses(401) },
  },
  listSentencePatternQuestions: {
    method: 'GET',
    path: '/api/sentence-patterns/:id/questions',
    summary: "A 句式 session's questions",
    auth: 'user',
    params: SentencePatternParamsSchema,
    responses: { 200: QuestionListSchema, ...errorResponses(400, 401, 404) },
  },
  saveVocabularyRecord: {
    method: 'POST',
    path: '/api/vocabulary/records',
    summary: 'Record a finished word quiz',
    auth: 'user',
    body: VocabularyRecordBodySchema,
    responses: { 201: VocabularyRecordSchema, ...errorResponses(400, 401, 403, 409) },
  },
  listVocabularyRecords: {
    method: 'GET',
    path: '/api/users/:id/vocabulary/records',
    summary: "A learner's word-quiz completion records",
    auth: 'teacherOrSelf',
    params: UserParamsSchema,
    responses: { 200: VocabularyRecordListSchema, ...errorResponses(400, 401, 403, 404) },
  },
  getVocabularyStats: {
    method: 'GET',
    path: '/api/users/:id/vocabulary/stats',
    summary: "A learner's word-practice statistics",
    auth: 'teacherOrSelf',
    params: UserParamsSchema,
    responses: { 200: VocabularyStatsSchema, ...errorResponses(400, 401, 403, 404) },
  },

  // Leaderboard ------------------------------------------------------------------------------
  getLeaderboard: {
    method: 'GET',
    path: '/api/leaderboard',
    summary: "The top ten, the signed-in learner's place and the number of learners",
    auth: 'user',
    responses: { 200: LeaderboardSchema, ...errorResponses(401, 403) },
  },

  // Error book -------------------------------------------------------------------------------
  listErrorQuestions: {
    method: 'GET',
    path: '/api/users/:id/error-questions',
    summary: "A learner's error-book records",
    auth: 'teacherOrSelf',
    params: UserParamsSchema,
    responses: { 200: ErrorQuestionListSchema, ...errorResponses(400, 401, 403, 404) },
  },
  getErrorStats: {
    method: 'GET',
    path: '/api/users/:id/error-questions/stats',
    summary: "A learner's error-book statistics",
    auth: 'teacherOrSelf',
    params: UserParamsSchema,
    responses: { 200: ErrorStatsSchema, ...errorResponses(400, 401, 403, 404) },
  },
  masterErrorQuestion: {
    method: 'PATCH',
    path: '/api/users/:id/error-questions/:questionId/master',
    summary: 'Mark an error question mastered (empty body)',
    auth: 'self',
    params: ErrorQuestionParamsSchema,
    responses: { 200: ErrorQuestionRecordSchema, ...errorResponses(400, 401, 403, 404) },
  },
  updateErrorQuestion: {
    method: 'PATCH',
    path: '/api/users/:id/error-questions/:questionId',
    summary: 'Save a personal note on an error question',
    auth: 'self',
    params: ErrorQuestionParamsSchema,
    body: UpdateErrorQuestionBodySchema,
    responses: { 200: ErrorQuestionRecordSchema, ...errorResponses(400, 401, 403, 404) },
  },

  // Reviews to exam day (issue 21) -----------------------------------------------------------
  listDueReviews: {
    method: 'GET',
    path: '/api/users/:id/reviews',
    summary:
      "A learner's review cards due by the end of their Hong Kong day, soonest first, and today's progress",
    auth: 'teacherOrSelf',
    params: UserParamsSchema,
    query: DueReviewsQuerySchema,
    responses: { 200: DueReviewListSchema, ...errorResponses(400, 401, 403, 404) },
  },
  getReviewForecast: {
    method: 'GET',
    path: '/api/users/:id/reviews/forecast',
    summary:
      "A learner's exam date, target, predicted recall per lesson on the exam day and reviews needed per day",
    auth: 'teacherOrSelf',
    params: UserParamsSchema,
    responses: { 200: ReviewForecastSchema, ...errorResponses(400, 401, 403, 404) },
  },
  getReviewSession: {
    method: 'GET',
    path: '/api/users/:id/reviews/session',
    summary:
      'Draw a review session (due cards, the open error book, or one kind of knowledge); no answer keys',
    auth: 'self',
    params: UserParamsSchema,
    query: ReviewSessionQuerySchema,
    responses: { 200: ReviewSessionSchema, ...errorResponses(400, 401, 403, 404) },
  },
  setExamDate: {
    method: 'PUT',
    path: '/api/users/:id/exam-date',
    summary: 'Set my exam date and, optionally, my target recall on it (the schedule follows)',
    auth: 'self',
    params: UserParamsSchema,
    body: SetExamDateBodySchema,
    responses: { 200: ReviewSettingsSchema, ...errorResponses(400, 401, 403, 404) },
  },
  getReviewSettings: {
    method: 'GET',
    path: '/api/users/:id/review-settings',
    summary:
      "A learner's exam date, target recall, daily review goal and whether the first-sign-in guide is done",
    auth: 'teacherOrSelf',
    params: UserParamsSchema,
    responses: { 200: ReviewSettingsSchema, ...errorResponses(400, 401, 403, 404) },
  },
  updateReviewSettings: {
    method: 'PATCH',
    path: '/api/users/:id/review-settings',
    summary:
      'Change my daily review goal, exam year (the exam date follows) or finish the first-sign-in guide',
    auth: 'self',
    params: UserParamsSchema,
    body: UpdateReviewSettingsBodySchema,
    responses: { 200: ReviewSettingsSchema, ...errorResponses(400, 401, 403, 404) },
  },
  getKnowledgeTagStats: {
    method: 'GET',
    path: '/api/users/:id/knowledge-tags',
    summary: "A learner's accuracy, open error-book items and cards by kind of knowledge, and the weakest",
    auth: 'teacherOrSelf',
    params: UserParamsSchema,
    responses: { 200: KnowledgeTagStatsSchema, ...errorResponses(400, 401, 403, 404) },
  },

  // DSE past papers --------------------------------------------------------------------------
  listDsePapers: {
    method: 'GET',
    path: '/api/dse-papers',
    summary: 'The past papers',
    auth: 'user',
    responses: { 200: DsePaperListSchema, ...errorResponses(401) },
  },
  getDseAbout: {
    method: 'GET',
    path: '/api/dse-papers/about',
    summary: "The mock papers' name and the content's disclaimer",
    auth: 'user',
    responses: { 200: DseAboutSchema, ...errorResponses(401) },
  },
  listDsePaperQuestions: {
    method: 'GET',
    path: '/api/dse-papers/:paperId/questions',
    summary: 'The questions of a past paper',
    auth: 'user',
    params: DsePaperParamsSchema,
    responses: { 200: QuestionListSchema, ...errorResponses(400, 401, 404) },
  },
  getDseMetadata: {
    method: 'GET',
    path: '/api/dse-questions/metadata',
    summary: 'Question types and passages of the past-paper questions',
    auth: 'user',
    responses: { 200: DseMetadataSchema, ...errorResponses(401) },
  },
  mixDseQuestions: {
    method: 'GET',
    path: '/api/dse-questions/mix',
    summary: 'Past-paper questions mixed by type and passage (repeated parameters)',
    auth: 'user',
    query: DseMixQuerySchema,
    responses: { 200: QuestionListSchema, ...errorResponses(400, 401) },
  },
  getDseMixedPracticeFilters: {
    method: 'GET',
    path: '/api/dse-mixed-practice/filters',
    summary: 'The passages, types and years the mixed-year page can filter on',
    auth: 'user',
    responses: { 200: DseMixedPracticeFiltersSchema, ...errorResponses(401) },
  },
  listDseMixedPractice: {
    method: 'GET',
    path: '/api/dse-mixed-practice',
    summary: 'A mixed-year question set (comma-joined filters)',
    auth: 'user',
    query: DseMixedPracticeQuerySchema,
    responses: { 200: QuestionListSchema, ...errorResponses(400, 401) },
  },

  // Admin ------------------------------------------------------------------------------------
  uploadText: {
    method: 'POST',
    path: '/api/admin/upload-text',
    summary: 'Upload content as text',
    auth: 'admin',
    body: UploadTextBodySchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 413) },
  },
  importDseQuestions: adminImport('dse-questions', 'the DSE past-paper questions'),
  importNewLessons: adminImport('new-lessons', 'the lessons'),
  importPoetryQuestions: adminImport('poetry-questions', 'the poetry questions'),
  importAdditionalWordQuestions: adminImport('additional-word-questions', 'the additional word questions'),
  importVocabularySessions: adminImport('vocabulary-sessions', 'the mixed vocabulary sessions'),
  importMindMaps: adminImport('mind-maps', 'the mind maps'),
  getAdminStatus: {
    method: 'GET',
    path: '/api/admin/status',
    summary: 'Content counts, events, learners, queue depth and projection lag',
    auth: 'admin',
    responses: { 200: AdminStatusSchema, ...errorResponses(401, 403) },
  },
  listDefaultExamDates: {
    method: 'GET',
    path: '/api/admin/exam-dates',
    summary: 'The default HKDSE Chinese Language exam date of each school year, and the one in force',
    auth: 'admin',
    responses: { 200: DefaultExamDateListSchema, ...errorResponses(401, 403) },
  },
  setDefaultExamDate: {
    method: 'PUT',
    path: '/api/admin/exam-dates/:year',
    summary: "Set a school year's default exam date (learners without their own date follow it)",
    auth: 'admin',
    params: ExamYearParamsSchema,
    body: SetDefaultExamDateBodySchema,
    responses: { 200: DefaultExamDateSchema, ...errorResponses(400, 401, 403) },
  },
  findUser: {
    method: 'GET',
    path: '/api/admin/users',
    summary: 'Find an account by username (to grant it roles)',
    auth: 'admin',
    query: AdminUserQuerySchema,
    responses: { 200: AdminUserSchema, ...errorResponses(400, 401, 403, 404) },
  },
  setUserRoles: {
    method: 'PUT',
    path: '/api/admin/users/:id/roles',
    summary: "Replace a user's roles",
    auth: 'admin',
    params: AdminUserParamsSchema,
    body: SetRolesBodySchema,
    responses: { 200: UserSchema, ...errorResponses(400, 401, 403, 404) },
  },

  // Teachers and classes ---------------------------------------------------------------------
  createClass: {
    method: 'POST',
    path: '/api/teacher/classes',
    summary: 'Create a class with a join code',
    auth: 'teacher',
    body: CreateClassBodySchema,
    responses: { 201: ClassSchema, ...errorResponses(400, 401, 403) },
  },
  listClasses: {
    method: 'GET',
    path: '/api/teacher/classes',
    summary: "The teacher's classes",
    auth: 'teacher',
    responses: { 200: ClassSummaryListSchema, ...errorResponses(401, 403) },
  },
  listClassLearners: {
    method: 'GET',
    path: '/api/teacher/classes/:id/learners',
    summary: "A class's learners: totals, streak, accuracy, last active, weakest lesson",
    auth: 'teacher',
    params: ClassParamsSchema,
    responses: { 200: ClassLearnerListSchema, ...errorResponses(400, 401, 403, 404) },
  },
  getClassReviewForecast: {
    method: 'GET',
    path: '/api/teacher/classes/:id/reviews/forecast',
    summary: "A class's review plans: per learner (who is behind on reviews) and per set text",
    auth: 'teacher',
    params: ClassParamsSchema,
    responses: { 200: ClassForecastSchema, ...errorResponses(400, 401, 403, 404) },
  },
  listLearnerEvents: {
    method: 'GET',
    path: '/api/teacher/learners/:id/events',
    summary: "A page of a learner's history, in stream order",
    auth: 'teacherOfLearner',
    params: LearnerParamsSchema,
    query: LearnerEventsQuerySchema,
    responses: { 200: LearnerEventPageSchema, ...errorResponses(400, 401, 403, 404) },
  },
  issueResetCode: {
    method: 'POST',
    path: '/api/teacher/learners/:id/reset-code',
    summary: 'A one-time password reset code for a learner of one’s class (or any account, for an admin)',
    auth: 'teacherOfLearner',
    params: LearnerParamsSchema,
    responses: { 201: ResetCodeSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  getLearnerState: {
    method: 'GET',
    path: '/api/teacher/learners/:id/state',
    summary: "A learner's state as it was at a version or a time (a replay)",
    auth: 'teacherOfLearner',
    params: LearnerParamsSchema,
    query: LearnerStateQuerySchema,
    responses: { 200: LearnerStateSchema, ...errorResponses(400, 401, 403, 404) },
  },
  listTeacherAppeals: {
    method: 'GET',
    path: '/api/teacher/appeals',
    summary: "Appeals of the teacher's learners (an admin: everyone's), with the question and its scheme",
    auth: 'teacher',
    query: TeacherAppealsQuerySchema,
    responses: { 200: TeacherAppealListSchema, ...errorResponses(400, 401, 403) },
  },
  acceptAppeal: {
    method: 'POST',
    path: '/api/teacher/learners/:id/appeals/:version/accept',
    summary:
      "Accept an appeal: the answer is re-marked; the rendering earns the point in the teacher's classes (an admin's: everyone's)",
    auth: 'teacherOfLearner',
    params: AppealParamsSchema,
    body: AcceptAppealBodySchema,
    responses: { 200: AppealSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  declineAppeal: {
    method: 'POST',
    path: '/api/teacher/learners/:id/appeals/:version/decline',
    summary: 'Decline an appeal with a note the learner reads',
    auth: 'teacherOfLearner',
    params: AppealParamsSchema,
    body: DeclineAppealBodySchema,
    responses: { 200: AppealSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  joinClass: {
    method: 'POST',
    path: '/api/classes/join',
    summary: 'Join a class with its code',
    auth: 'user',
    body: JoinClassBodySchema,
    responses: { 200: JoinedClassSchema, ...errorResponses(400, 401, 404, 429) },
  },
  leaveClass: {
    method: 'POST',
    path: '/api/classes/:id/leave',
    summary: 'Leave a class',
    auth: 'user',
    params: ClassParamsSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 404) },
  },

  // Homework (a class stream of assignments) and class leagues ------------------------------
  setAssignment: {
    method: 'POST',
    path: '/api/teacher/classes/:id/assignments',
    summary:
      'Set homework for one of the teacher’s classes (AssignmentSet on the class stream; Idempotency-Key)',
    auth: 'teacher',
    params: ClassParamsSchema,
    body: AssignmentBodySchema,
    responses: { 201: AssignmentSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  listClassAssignments: {
    method: 'GET',
    path: '/api/teacher/classes/:id/assignments',
    summary:
      'A class’s open homework and every learner’s status on each (done, in progress, late, not started)',
    auth: 'teacher',
    params: ClassParamsSchema,
    responses: { 200: ClassHomeworkSchema, ...errorResponses(400, 401, 403, 404) },
  },
  editAssignment: {
    method: 'PUT',
    path: '/api/teacher/classes/:id/assignments/:assignmentId',
    summary: 'Change an assignment’s title, task or due time (AssignmentEdited; Idempotency-Key)',
    auth: 'teacher',
    params: AssignmentParamsSchema,
    body: AssignmentBodySchema,
    responses: { 200: AssignmentSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  withdrawAssignment: {
    method: 'POST',
    path: '/api/teacher/classes/:id/assignments/:assignmentId/withdraw',
    summary: 'Withdraw an assignment (AssignmentWithdrawn; its history stays; Idempotency-Key)',
    auth: 'teacher',
    params: AssignmentParamsSchema,
    responses: { 200: AssignmentSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  getAssignmentHistory: {
    method: 'GET',
    path: '/api/teacher/classes/:id/assignments/:assignmentId/history',
    summary: 'Every event of an assignment: set, edited, withdrawn, by whom and when',
    auth: 'teacher',
    params: AssignmentParamsSchema,
    responses: { 200: AssignmentHistorySchema, ...errorResponses(400, 401, 403, 404) },
  },
  getMyHomework: {
    method: 'GET',
    path: '/api/users/me/homework',
    summary: 'The signed-in learner’s open homework from their classes, what is due first at the top',
    auth: 'user',
    responses: { 200: MyHomeworkSchema, ...errorResponses(401) },
  },
  getMyLeagues: {
    method: 'GET',
    path: '/api/users/me/leagues',
    summary: 'The weekly league of each class the signed-in user is in, then of each class they teach',
    auth: 'user',
    responses: { 200: ClassLeagueListSchema, ...errorResponses(401) },
  },
  getClassLeague: {
    method: 'GET',
    path: '/api/classes/:id/league',
    summary: 'A class’s weekly league (its members, its teacher, or an admin)',
    auth: 'user',
    params: ClassParamsSchema,
    responses: { 200: ClassLeagueSchema, ...errorResponses(400, 401, 403, 404) },
  },
  getLeaderboardVisibility: {
    method: 'GET',
    path: '/api/users/me/leaderboard-visibility',
    summary: 'Whether a teacher of one of the learner’s classes hid the global leaderboard from it',
    auth: 'user',
    responses: { 200: LeaderboardVisibilitySchema, ...errorResponses(401) },
  },
  setClassSettings: {
    method: 'PUT',
    path: '/api/teacher/classes/:id/settings',
    summary: 'A class’s settings: hide the global leaderboard from its students (they keep the class league)',
    auth: 'teacher',
    params: ClassParamsSchema,
    body: ClassSettingsSchema,
    responses: { 200: ClassSettingsSchema, ...errorResponses(400, 401, 403, 404) },
  },

  // Data care (the learner's own data) -------------------------------------------------------
  exportMyData: {
    method: 'GET',
    path: '/api/users/me/export',
    summary: 'Download everything kept about the signed-in learner (JSON)',
    auth: 'user',
    responses: { 200: LearnerExportSchema, ...errorResponses(401) },
  },
  exportMyDataCsv: {
    method: 'GET',
    path: '/api/users/me/export.csv',
    summary: 'One table of the export as CSV (UTF-8 with BOM)',
    auth: 'user',
    kind: 'text',
    query: ExportCsvQuerySchema,
    responses: { 200: PlainTextSchema, ...errorResponses(400, 401) },
  },
  exportMyDataReadable: {
    method: 'GET',
    path: '/api/users/me/export.html',
    summary: 'The same data as a readable page (Chinese labels, Hong Kong times), printable to PDF',
    auth: 'user',
    kind: 'html',
    responses: { 200: HtmlPageSchema, ...errorResponses(401) },
  },
  deleteMyAccount: {
    method: 'POST',
    path: '/api/users/me/delete-account',
    summary: 'Erase the signed-in learner’s personal data and sign them out everywhere',
    auth: 'user',
    body: DeleteAccountBodySchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 429) },
  },
  getLeaderboardPreferences: {
    method: 'GET',
    path: '/api/users/me/leaderboard',
    summary: 'The signed-in learner’s leaderboard nickname and opt-out',
    auth: 'user',
    responses: { 200: LeaderboardPreferencesSchema, ...errorResponses(401) },
  },
  setLeaderboardPreferences: {
    method: 'PUT',
    path: '/api/users/me/leaderboard',
    summary: 'Set the leaderboard nickname and opt-out',
    auth: 'user',
    body: LeaderboardPreferencesSchema,
    responses: { 200: LeaderboardPreferencesSchema, ...errorResponses(400, 401, 409, 429) },
  },

  // The daily reminder (Web Push) -------------------------------------------------------------
  getPushPublicKey: {
    method: 'GET',
    path: '/api/push/public-key',
    summary: 'The VAPID public key a browser subscribes to the daily reminder with',
    auth: 'user',
    responses: { 200: PushPublicKeySchema, ...errorResponses(401) },
  },
  getReminderSettings: {
    method: 'GET',
    path: '/api/users/:userId/reminders',
    summary: 'The learner’s daily reminder: on or off, the Hong Kong hour, the devices subscribed',
    auth: 'self',
    params: UserIdParamsSchema,
    responses: { 200: ReminderSettingsSchema, ...errorResponses(400, 401, 403) },
  },
  setReminderSettings: {
    method: 'PUT',
    path: '/api/users/:userId/reminders',
    summary: 'Turn the daily reminder on or off and choose its Hong Kong hour',
    auth: 'self',
    params: UserIdParamsSchema,
    body: ReminderSettingsBodySchema,
    responses: { 200: ReminderSettingsSchema, ...errorResponses(400, 401, 403, 429) },
  },
  subscribePush: {
    method: 'POST',
    path: '/api/users/:userId/push-subscriptions',
    summary: 'Add a device (a browser’s PushSubscription) to receive the daily reminder',
    auth: 'self',
    params: UserIdParamsSchema,
    body: PushSubscriptionBodySchema,
    responses: { 201: ReminderSettingsSchema, ...errorResponses(400, 401, 403, 429) },
  },
  unsubscribePush: {
    method: 'POST',
    path: '/api/users/:userId/push-subscriptions/remove',
    summary: 'Remove a device from the daily reminder',
    auth: 'self',
    params: UserIdParamsSchema,
    body: PushUnsubscribeBodySchema,
    responses: { 200: ReminderSettingsSchema, ...errorResponses(400, 401, 403, 429) },
  },
  accountDeletedPage: {
    method: 'GET',
    path: '/api/account-deleted',
    summary: 'The signed-out page a learner lands on after erasing their account (帳戶已刪除)',
    auth: 'public',
    kind: 'html',
    responses: { 200: HtmlPageSchema },
  },
  privacyNotice: {
    method: 'GET',
    path: '/api/privacy',
    summary: 'The privacy notice (what is kept and why)',
    auth: 'public',
    kind: 'html',
    responses: { 200: HtmlPageSchema },
  },

  // Operations -------------------------------------------------------------------------------
  getHealth: {
    method: 'GET',
    path: '/api/health',
    summary: 'Health of the process and its dependencies (503 when one is down)',
    auth: 'public',
    responses: { 200: HealthSchema, 503: HealthSchema },
  },
  getMetrics: {
    method: 'GET',
    path: '/api/metrics',
    summary: 'Prometheus metrics',
    auth: 'public',
    kind: 'text',
    responses: { 200: PlainTextSchema },
  },
  docsPage: {
    method: 'GET',
    path: '/api/docs',
    summary: 'Browsable API documentation',
    auth: 'public',
    kind: 'html',
    responses: { 200: HtmlPageSchema },
  },
  docsJson: {
    method: 'GET',
    path: '/api/docs/json',
    summary: 'The OpenAPI 3.1 document',
    auth: 'public',
    responses: { 200: OpenApiJsonSchema },
  },
  websocket: {
    method: 'GET',
    path: '/api/ws',
    summary: 'The websocket (leaderboard updates); messages: WsClientMessage and WsServerMessage',
    auth: 'user',
    kind: 'websocket',
    responses: { 101: SwitchingProtocolsSchema, ...errorResponses(401) },
  },

  // Teachers running their classes (issue 25) ------------------------------------------------
  ...classroomRoutes,

  // Renderings accepted on appeal (issue 36) ----------------------------------------------------
  ...renderingRoutes,
  // 待老師批閱: answers the marker could not be sure of (issue 36) ----------------------------------
  ...teacherMarkingRoutes,
  ...selfMarkRoutes,
  ...fairPlayRoutes,
  ...classReportRoutes,
} as const satisfies Record<string, RouteContract>;

// ---------------------------------------------------------------------------------------------
// Types and helpers
// ---------------------------------------------------------------------------------------------

export type ApiRoutes = typeof apiRoutes;
export type RouteName = keyof ApiRoutes;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type RequestPart = 'params' | 'query' | 'body';
type PartSchema<R, P extends RequestPart> = R extends { readonly [K in P]: infer S extends z.ZodType }
  ? S
  : never;
type InputParts<R, IO extends 'input' | 'output'> = {
  [P in RequestPart as [PartSchema<R, P>] extends [never] ? never : P]: IO extends 'input'
    ? z.input<PartSchema<R, P>>
    : z.output<PartSchema<R, P>>;
};

/** What a client sends: `{ params?, query?, body? }` before parsing (e.g. `Input<'getLesson'>`). */
export type Input<N extends RouteName> = Simplify<InputParts<ApiRoutes[N], 'input'>>;

/** What a handler receives after validation (coerced numbers, parsed lists). */
export type ParsedInput<N extends RouteName> = Simplify<InputParts<ApiRoutes[N], 'output'>>;

type SuccessCode<N extends RouteName> = Extract<keyof ApiRoutes[N]['responses'], SuccessStatus>;

/** The success body of a call, as the client has it after parsing (e.g. `Output<'getLesson'>`). */
export type Output<N extends RouteName> = z.output<ApiRoutes[N]['responses'][SuccessCode<N>]>;

/** The error body of any call. */
export type ErrorOutput = z.output<typeof ErrorBodySchema>;

/** The routes as `[name, route]` pairs, in registry order. */
export function routeEntries(): Array<[RouteName, RouteContract]> {
  return Object.entries(apiRoutes) as Array<[RouteName, RouteContract]>;
}

/** The names of a path's parameters, in order: `/api/users/:id/x/:questionId` → `['id', 'questionId']`. */
export function pathParamNames(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

/** A Fastify path in OpenAPI form: `/api/lessons/:id` → `/api/lessons/{id}`. */
export function toOpenApiPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `{${segment.slice(1)}}` : segment))
    .join('/');
}

export { buildPath };
