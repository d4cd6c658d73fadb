/**
 * Teachers running their classes: a student's classes, teacher invitations (admin), accounts for a
 * class, teachers' questions and the review queue, worksheets. Every answer is parsed with its contract.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Input, QuestionType } from '@wenyan/contracts';
import { call } from './client.ts';
import { queryKeys } from './queryKeys.ts';
import { readQuery } from './reads.ts';

export const myClassesQuery = readQuery(queryKeys.classroom.myClasses, 'listMyClasses', {
  staleTime: 30_000,
});

export const invitationsQuery = readQuery(queryKeys.classroom.invitations, 'listTeacherInvitations');

export const myQuestionsQuery = queryOptions({
  queryKey: queryKeys.classroom.myQuestions,
  queryFn: () => call('listTeacherQuestions', { query: {} }),
});

export const reviewQuery = readQuery(queryKeys.classroom.review, 'listQuestionReview');

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
