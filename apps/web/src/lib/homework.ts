/** Homework and class leagues: the learner's work, a class's table, the writes, the leagues. */
import { queryOptions } from '@tanstack/react-query';
import type { AssignmentBody } from '@wenyan/contracts';
import { call } from './client.ts';
import { queryKeys } from './queryKeys.ts';
import { readByIdQuery, readQuery } from './reads.ts';

export const myHomeworkQuery = readQuery(queryKeys.homework.mine, 'getMyHomework', { staleTime: 30_000 });

export const classHomeworkQuery = (classId: string) =>
  readByIdQuery(queryKeys.homework.ofClass(classId), 'listClassAssignments', classId, { staleTime: 15_000 });

export const assignmentHistoryQuery = (classId: string, assignmentId: string) =>
  queryOptions({
    queryKey: queryKeys.homework.history(classId, assignmentId),
    queryFn: () => call('getAssignmentHistory', { params: { id: classId, assignmentId } }),
  });

export const myLeaguesQuery = readQuery(queryKeys.homework.leagues, 'getMyLeagues', { staleTime: 30_000 });

export const leaderboardVisibilityQuery = readQuery(
  queryKeys.homework.visibility,
  'getLeaderboardVisibility',
  { staleTime: 60_000 },
);

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
