/**
 * The teacher pages' server data: classes, a class's learners, a learner's event pages and replayed
 * state, and the class writes (create, join, leave). Every answer is parsed with its contract.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  apiRoutes,
  buildPath,
  ClassLearnerListSchema,
  ClassSchema,
  ClassSummaryListSchema,
  JoinedClassSchema,
  LearnerEventPageSchema,
  LearnerStateSchema,
  MessageSchema,
  ResetCodeSchema,
} from '@wenyan/contracts';
import { getJson, HttpError, sendJson, withQuery } from '../../lib/api.ts';

/** Events per page of the replay (the contract's largest page). */
export const EVENT_PAGE_SIZE = 200;

export const teacherKeys = {
  classes: ['teacher', 'classes'] as const,
  classLearners: (classId: string) => ['teacher', 'classes', classId, 'learners'] as const,
  learnerEvents: (learnerId: string) => ['teacher', 'learners', learnerId, 'events'] as const,
  learnerState: (learnerId: string, at: number | null) =>
    ['teacher', 'learners', learnerId, 'state', at ?? 'now'] as const,
};

export const classesQuery = queryOptions({
  queryKey: teacherKeys.classes,
  queryFn: () => getJson(apiRoutes.listClasses.path, ClassSummaryListSchema),
  staleTime: 30_000,
});

export const classLearnersQuery = (classId: string) =>
  queryOptions({
    queryKey: teacherKeys.classLearners(classId),
    queryFn: () =>
      getJson(buildPath(apiRoutes.listClassLearners.path, { id: classId }), ClassLearnerListSchema),
    staleTime: 30_000,
  });

/** The learner's events, oldest first, a page at a time. */
export const learnerEventsQuery = (learnerId: string) =>
  infiniteQueryOptions({
    queryKey: teacherKeys.learnerEvents(learnerId),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      getJson(
        withQuery(buildPath(apiRoutes.listLearnerEvents.path, { id: learnerId }), {
          after: pageParam,
          limit: EVENT_PAGE_SIZE,
        }),
        LearnerEventPageSchema,
      ),
    getNextPageParam: (page) => page.nextAfter ?? undefined,
    staleTime: 60_000,
  });

/** The learner's state at a version (null: now). Versions never change, so they stay fresh. */
export const learnerStateQuery = (learnerId: string, at: number | null) =>
  queryOptions({
    queryKey: teacherKeys.learnerState(learnerId, at),
    queryFn: () =>
      getJson(
        withQuery(buildPath(apiRoutes.getLearnerState.path, { id: learnerId }), { at: at ?? undefined }),
        LearnerStateSchema,
      ),
    staleTime: at === null ? 30_000 : Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });

export function createClass(name: string) {
  return sendJson('POST', apiRoutes.createClass.path, { name }, ClassSchema);
}

/** A one-time password reset code for a learner of the teacher's class (shown once). */
export function issueResetCode(learnerId: string) {
  return sendJson(
    'POST',
    buildPath(apiRoutes.issueResetCode.path, { id: learnerId }),
    undefined,
    ResetCodeSchema,
  );
}

export function joinClass(joinCode: string) {
  return sendJson('POST', apiRoutes.joinClass.path, { joinCode }, JoinedClassSchema);
}

export function leaveClass(classId: string) {
  return sendJson('POST', buildPath(apiRoutes.leaveClass.path, { id: classId }), {}, MessageSchema);
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
