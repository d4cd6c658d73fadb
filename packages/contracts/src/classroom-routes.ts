/**
 * The calls of teachers running their classes (issue 25), spread into `apiRoutes`: invitations, a
 * student's classes, class accounts, teachers' questions and their review, worksheets.
 */
import {
  ClassAccountsSchema,
  CreateClassAccountsBodySchema,
  CreateTeacherInvitationBodySchema,
  EditQuestionBodySchema,
  InvitationParamsSchema,
  MyClassListSchema,
  NewTeacherInvitationSchema,
  QuestionIdParamsSchema,
  RedeemInvitationBodySchema,
  TeacherInvitationListSchema,
  TeacherInvitationSchema,
  TeacherQuestionListSchema,
  TeacherQuestionSchema,
  TeacherQuestionsQuerySchema,
  WorksheetKeySchema,
  WorksheetParamsSchema,
  WorksheetSchema,
} from './classroom.ts';
import { errorResponses } from './errors.ts';
import type { RouteContract } from './route-contract.ts';
import { ClassParamsSchema } from './teacher.ts';
import { UserSchema } from './users.ts';

export const classroomRoutes = {
  createTeacherInvitation: {
    method: 'POST',
    path: '/api/admin/teacher-invitations',
    summary: 'Create a one-time teacher invitation (code and link shown once; valid for 7 days)',
    auth: 'admin',
    body: CreateTeacherInvitationBodySchema,
    responses: { 201: NewTeacherInvitationSchema, ...errorResponses(400, 401, 403) },
  },
  listTeacherInvitations: {
    method: 'GET',
    path: '/api/admin/teacher-invitations',
    summary: 'Teacher invitations, newest first, with their status',
    auth: 'admin',
    responses: { 200: TeacherInvitationListSchema, ...errorResponses(401, 403) },
  },
  revokeTeacherInvitation: {
    method: 'POST',
    path: '/api/admin/teacher-invitations/:id/revoke',
    summary: 'Revoke an open teacher invitation',
    auth: 'admin',
    params: InvitationParamsSchema,
    responses: { 200: TeacherInvitationSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  redeemTeacherInvitation: {
    method: 'POST',
    path: '/api/auth/teacher-invitation',
    summary: 'Redeem a teacher invitation: the signed-in account becomes a teacher',
    auth: 'user',
    body: RedeemInvitationBodySchema,
    responses: { 200: UserSchema, ...errorResponses(400, 401, 429) },
  },
  listMyClasses: {
    method: 'GET',
    path: '/api/classes/mine',
    summary: "The signed-in user's classes (「我的班別」) with their teachers' names",
    auth: 'user',
    responses: { 200: MyClassListSchema, ...errorResponses(401) },
  },
  createClassAccounts: {
    method: 'POST',
    path: '/api/teacher/classes/:id/accounts',
    summary: 'Accounts for students of a class, from their names (one-time passwords shown once)',
    auth: 'teacher',
    params: ClassParamsSchema,
    body: CreateClassAccountsBodySchema,
    responses: { 201: ClassAccountsSchema, ...errorResponses(400, 401, 403, 404) },
  },
  listTeacherQuestions: {
    method: 'GET',
    path: '/api/teacher/questions',
    summary: "The teacher's own added questions (an admin: everyone's) with status and history",
    auth: 'teacher',
    query: TeacherQuestionsQuerySchema,
    responses: { 200: TeacherQuestionListSchema, ...errorResponses(400, 401, 403) },
  },
  editQuestion: {
    method: 'PUT',
    path: '/api/questions/:id',
    summary: "Edit one's added question (a teacher's edit returns a published question to review)",
    auth: 'teacher',
    params: QuestionIdParamsSchema,
    body: EditQuestionBodySchema,
    responses: { 200: TeacherQuestionSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  withdrawQuestion: {
    method: 'POST',
    path: '/api/questions/:id/withdraw',
    summary: "Withdraw one's added question (an admin: anyone's): it is served to nobody",
    auth: 'teacher',
    params: QuestionIdParamsSchema,
    responses: { 200: TeacherQuestionSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  listQuestionReview: {
    method: 'GET',
    path: '/api/admin/questions/review',
    summary: "The review queue: teachers' questions served to their classes only",
    auth: 'admin',
    responses: { 200: TeacherQuestionListSchema, ...errorResponses(401, 403) },
  },
  publishQuestion: {
    method: 'POST',
    path: '/api/admin/questions/:id/publish',
    summary: "Publish a teacher's question for every learner",
    auth: 'admin',
    params: QuestionIdParamsSchema,
    responses: { 200: TeacherQuestionSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  getWorksheet: {
    method: 'GET',
    path: '/api/worksheets/:lessonId/:type',
    summary: "A printable worksheet: a lesson's questions of one practice type, without keys",
    auth: 'user',
    params: WorksheetParamsSchema,
    responses: { 200: WorksheetSchema, ...errorResponses(400, 401, 404) },
  },
  getWorksheetKey: {
    method: 'GET',
    path: '/api/teacher/worksheets/:lessonId/:type/key',
    summary: "A worksheet's answer key with marking schemes (teachers and admins)",
    auth: 'teacher',
    params: WorksheetParamsSchema,
    responses: { 200: WorksheetKeySchema, ...errorResponses(400, 401, 403, 404) },
  },
} as const satisfies Record<string, RouteContract>;
