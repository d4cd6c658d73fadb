import type { AdminImport, Input, RouteName } from '@wenyan/contracts';
import { call } from '../../lib/client.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { readQuery } from '../../lib/reads.ts';

export const adminStatusQuery = readQuery(queryKeys.adminStatus, 'getAdminStatus', { staleTime: 0 });

/** The registry's operation of each import. */
const IMPORT_CALLS = {
  'dse-questions': 'importDseQuestions',
  'new-lessons': 'importNewLessons',
  'poetry-questions': 'importPoetryQuestions',
  'additional-word-questions': 'importAdditionalWordQuestions',
  'vocabulary-sessions': 'importVocabularySessions',
  'mind-maps': 'importMindMaps',
} as const satisfies Record<AdminImport, RouteName>;

/** POST /api/admin/import-…: one of the six imports (idempotent, empty body). */
export function runImport(name: AdminImport) {
  return call(IMPORT_CALLS[name]);
}

/** POST /api/admin/upload-text. */
export function uploadText(body: Input<'uploadText'>['body']) {
  return call('uploadText', { body });
}

/** GET /api/admin/users?username=…: the account to give roles to. */
export function findUser(username: string) {
  return call('findUser', { query: { username } });
}

/** PUT /api/admin/users/:id/roles. */
export function setUserRoles(id: string, roles: Input<'setUserRoles'>['body']['roles']) {
  return call('setUserRoles', { params: { id }, body: { roles } });
}

/** GET /api/admin/exam-dates: each school year's default exam date, and the one in force. */
export const examDatesQuery = readQuery(queryKeys.examDates, 'listDefaultExamDates');

/** PUT /api/admin/exam-dates/:year: a school year's default exam date (learners without their own follow it). */
export function setDefaultExamDate(year: number, examDate: string) {
  return call('setDefaultExamDate', { params: { year }, body: { examDate } });
}
