/**
 * Teachers running their classes: a student's classes, teacher invitations (admin), accounts for a
 * class, teachers' questions and the review queue, worksheets. Every answer is parsed with its contract.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Input, QuestionType } from '@wenyan/contracts';
import { call } from './client.ts';
import { queryKeys } from './queryKeys.ts';

export const myClassesQuery = queryOptions({
  queryKey: queryKeys.classroom.myClasses,
  queryFn: () => call('listMyClasses'),
  staleTime: 30_000,
});

export const invitationsQuery = queryOptions({
  queryKey: queryKeys.classroom.invitations,
  queryFn: () => call('listTeacherInvitations'),
});

export const myQuestionsQuery = queryOptions({
  queryKey: queryKeys.classroom.myQuestions,
  queryFn: () => call('listTeacherQuestions', { query: {} }),
});

export const reviewQuery = queryOptions({
  queryKey: queryKeys.classroom.review,
  queryFn: () => call('listQuestionReview'),
});

/** `questions`: only these ids (the class report's worksheet of the items most got wrong). */
const sheetQuery = (questions: string | null) => (questions ? { questions } : {});

export const worksheetQuery = (lessonId: number, type: QuestionType, questions: string | null = null) =>
  queryOptions({
    queryKey: [...queryKeys.classroom.worksheet(lessonId, type, false), questions] as const,
    queryFn: () => call('getWorksheet', { params: { lessonId, type }, query: sheetQuery(questions) }),
  });

export const worksheetKeyQuery = (lessonId: number, type: QuestionType, questions: string | null = null) =>
  queryOptions({
    queryKey: [...queryKeys.classroom.worksheet(lessonId, type, true), questions] as const,
    queryFn: () => call('getWorksheetKey', { params: { lessonId, type }, query: sheetQuery(questions) }),
  });

export const createInvitation = (note: string) => call('createTeacherInvitation', { body: { note } });
export const revokeInvitation = (id: string) => call('revokeTeacherInvitation', { params: { id } });
export const redeemInvitation = (code: string) => call('redeemTeacherInvitation', { body: { code } });
export const createClassAccounts = (classId: string, names: string[]) =>
  call('createClassAccounts', { params: { id: classId }, body: { names } });
export const editQuestion = (id: string, body: Input<'editQuestion'>['body']) =>
  call('editQuestion', { params: { id }, body });
export const withdrawQuestion = (id: string) => call('withdrawQuestion', { params: { id } });
export const publishQuestion = (id: string) => call('publishQuestion', { params: { id } });
