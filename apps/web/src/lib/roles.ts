/** Who sees the teacher's screens: a teacher, or an admin (who may read every class). */
export function isTeacherUser(user: { roles: readonly string[] }): boolean {
  return user.roles.includes('teacher') || user.roles.includes('admin');
}
