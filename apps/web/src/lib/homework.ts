/** Homework and class leagues: the learner's work, a class's table, the writes, the leagues. */
import { queryOptions } from '@tanstack/react-query';
import type { AssignmentBody } from '@wenyan/contracts';
import { call } from './client.ts';
import { queryKeys } from './queryKeys.ts';

export const myHomeworkQuery = queryOptions({
  queryKey: queryKeys.homework.mine,
  queryFn: () => call('getMyHomework'),
  staleTime: 30_000,
});

export const classHomeworkQuery = (classId: string) =>
  queryOptions({
    queryKey: queryKeys.homework.ofClass(classId),
    queryFn: () => call('listClassAssignments', { params: { id: classId } }),
    staleTime: 15_000,
  });

export const assignmentHistoryQuery = (classId: string, assignmentId: string) =>
  queryOptions({
    queryKey: queryKeys.homework.history(classId, assignmentId),
    queryFn: () => call('getAssignmentHistory', { params: { id: classId, assignmentId } }),
  });

export const myLeaguesQuery = queryOptions({
  queryKey: queryKeys.homework.leagues,
  queryFn: () => call('getMyLeagues'),
  staleTime: 30_000,
});

export const leaderboardVisibilityQuery = queryOptions({
  queryKey: queryKeys.homework.visibility,
  queryFn: () => call('getLeaderboardVisibility'),
  staleTime: 60_000,
});

export function setAssignment(classId: string, body: AssignmentBody, idempotencyKey: string) {
  return call('setAssignment', { params: { id: classId }, body }, { idempotencyKey });
}

export function editAssignment(
  classId: string,
  assignmentId: string,
  body: AssignmentBody,
  idempotencyKey: string,
) {
  return call('editAssignment', { params: { id: classId, assignmentId }, body }, { idempotencyKey });
}

export function withdrawAssignment(classId: string, assignmentId: string, idempotencyKey: string) {
  return call('withdrawAssignment', { params: { id: classId, assignmentId } }, { idempotencyKey });
}

export function setClassSettings(classId: string, hideGlobalLeaderboard: boolean) {
  return call('setClassSettings', { params: { id: classId }, body: { hideGlobalLeaderboard } });
}
