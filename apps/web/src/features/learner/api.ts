import { call } from '../../lib/client.ts';

/** PATCH /api/users/:id/school: answers the updated user. */
export function updateSchool(userId: string, schoolName: string) {
  return call('updateSchool', { params: { id: userId }, body: { schoolName } });
}
