/**
 * The teacher pages' server data: classes, a class's learners, a learner's event pages and replayed
 * state, and the class writes (create, join, leave). Every answer is parsed with its contract.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QuestionType } from '@wenyan/contracts';
import { HttpError } from './api.ts';
import { call } from './client.ts';
import { queryKeys } from './queryKeys.ts';
import { readByIdQuery, readQuery } from './reads.ts';

/** Events per page of the replay (the contract's largest page). */
export const EVENT_PAGE_SIZE = 200;

export const classesQuery = readQuery(queryKeys.teacher.classes, 'listClasses', { staleTime: 30_000 });

export const classLearnersQuery = (classId: string) =>
  readByIdQuery(queryKeys.teacher.classLearners(classId), 'listClassLearners', classId, {
    staleTime: 30_000,
  });

/** The class's review plans (issue 21): per learner (who is behind) and per set text. */
export const classForecastQuery = (classId: string) =>
  readByIdQuery(queryKeys.teacher.classForecast(classId), 'getClassReviewForecast', classId, {
    staleTime: 30_000,
  });

/** The class's self-marked answers waiting for the teacher (issue 37). */
export const selfMarksQuery = (classId: string) =>
  readByIdQuery(queryKeys.teacher.selfMarks(classId), 'listSelfMarks', classId, { staleTime: 30_000 });

/** How the class's self-marks count: 須老師確認 ('confirm') or 直接計算 ('direct'). */
export const selfMarkRuleQuery = (classId: string) =>
  readByIdQuery(queryKeys.teacher.selfMarkRule(classId), 'getSelfMarkRule', classId, { staleTime: 30_000 });

export function setSelfMarkRule(classId: string, rule: 'confirm' | 'direct') {
  return call('setSelfMarkRule', { params: { id: classId }, body: { rule } });
}

/** Confirms a self-mark at `pointsEarned` (the learner's mark, or adjusted). */
export function confirmSelfMark(learnerId: string, version: number, pointsEarned: number) {
  return call('confirmSelfMark', { params: { id: learnerId, version }, body: { pointsEarned } });
}

/** The learner's events, oldest first, a page at a time. */
export const learnerEventsQuery = (learnerId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.teacher.learnerEvents(learnerId),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      call('listLearnerEvents', {
        params: { id: learnerId },
        query: { after: pageParam, limit: EVENT_PAGE_SIZE },
      }),
    getNextPageParam: (page) => page.nextAfter ?? undefined,
    staleTime: 60_000,
  });

/** The learner's state at a version (null: now). Versions never change, so they stay fresh. */
export const learnerStateQuery = (learnerId: string, at: number | null) =>
  queryOptions({
    queryKey: queryKeys.teacher.learnerState(learnerId, at),
    queryFn: () =>
      call('getLearnerState', {
        params: { id: learnerId },
        query: { at: at === null ? undefined : String(at) },
      }),
    staleTime: at === null ? 30_000 : Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });

export function createClass(name: string) {
  return call('createClass', { body: { name } });
}

/** A one-time password reset code for a learner of the teacher's class (shown once). */
export function issueResetCode(learnerId: string) {
  return call('issueResetCode', { params: { id: learnerId } });
}

export function joinClass(joinCode: string) {
  return call('joinClass', { body: { joinCode } });
}

export function leaveClass(classId: string) {
  return call('leaveClass', { params: { id: classId } });
}

/** A failed call in words a teacher or student can act on. */
export function failureMessage(error: unknown, notFound = '找不到相關資料。'): string {
  if (error instanceof HttpError) {
    if (error.status === 403) return '你沒有權限查看此內容。';
    if (error.status === 404) return notFound;
    if (error.status === 429) return '嘗試次數太多，請稍後再試。';
    if (error.status === 400) return '資料格式不正確，請檢查後再試。';
  }
  return '未能連接伺服器，請檢查網絡後再試。';
}

/** What a class report covers: a lesson (optionally one practice type) or an assignment. */
export type ReportScope =
  | { kind: 'lesson'; lessonId: number; type: QuestionType | null }
  | { kind: 'assignment'; assignmentId: string };

/** The per-question class report (issue 40): items most of the class got wrong, counted. */
export const classReportQuery = (classId: string, scope: ReportScope) =>
  queryOptions({
    queryKey: ['teacher', 'class-report', classId, scope] as const,
    queryFn: () =>
      call('getClassQuestionReport', {
        params: { id: classId },
        query:
          scope.kind === 'assignment'
            ? { assignmentId: scope.assignmentId }
            : { lessonId: scope.lessonId, ...(scope.type ? { type: scope.type } : {}) },
      }),
    staleTime: 30_000,
  });
