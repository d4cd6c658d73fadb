import { type ComponentType, lazy } from 'react';
import { Route } from 'react-router-dom';

/** A screen loaded on first visit (the shell's Suspense shows a spinner meanwhile). */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const ClassesPage = lazyPage(
  () => import('../features/teacher/ClassesPage.tsx'),
  (m) => m.ClassesPage,
);
const ClassPage = lazyPage(
  () => import('../features/teacher/ClassPage.tsx'),
  (m) => m.ClassPage,
);
const LearnerReplayPage = lazyPage(
  () => import('../features/teacher/LearnerReplayPage.tsx'),
  (m) => m.LearnerReplayPage,
);

/** The teacher pages: classes, the class dashboard, and a learner's replay (all lazy-loaded). */
export function teacherRoutes() {
  return (
    <>
      <Route path="/teacher" element={<ClassesPage />} />
      <Route path="/teacher/classes/:id" element={<ClassPage />} />
      <Route path="/teacher/learners/:id" element={<LearnerReplayPage />} />
    </>
  );
}
