/** The teacher pages: classes, the class dashboard, and a learner's replay. */
export function teacherRoutes() {
  return null;
}
