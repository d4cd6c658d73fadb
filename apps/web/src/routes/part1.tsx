import { type ComponentType, lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { LobbyPage } from '../features/lobby/LobbyPage.tsx';

/** A screen loaded on first visit (the shell's Suspense shows a spinner meanwhile). */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const LibraryPage = lazyPage(
  () => import('../features/library/LibraryPage.tsx'),
  (m) => m.LibraryPage,
);
const StarMapPage = lazyPage(
  () => import('../features/library/StarMapPage.tsx'),
  (m) => m.StarMapPage,
);
const PassagePage = lazyPage(
  () => import('../features/passage/PassagePage.tsx'),
  (m) => m.PassagePage,
);
const PracticeTypesPage = lazyPage(
  () => import('../features/practice/PracticeTypesPage.tsx'),
  (m) => m.PracticeTypesPage,
);
const TypeRoadmapPage = lazyPage(
  () => import('../features/practice/TypeRoadmapPage.tsx'),
  (m) => m.TypeRoadmapPage,
);
const LessonRoadmapPage = lazyPage(
  () => import('../features/practice/LessonRoadmapPage.tsx'),
  (m) => m.LessonRoadmapPage,
);
const QuestionSessionPage = lazyPage(
  () => import('../features/practice/QuestionSessionPage.tsx'),
  (m) => m.QuestionSessionPage,
);
const UnitCompletePage = lazyPage(
  () => import('../features/practice/UnitCompletePage.tsx'),
  (m) => m.UnitCompletePage,
);
const VocabularyHome = lazyPage(
  () => import('../features/vocabulary/VocabularyHome.tsx'),
  (m) => m.VocabularyHome,
);
const QuickPracticePage = lazyPage(
  () => import('../features/vocabulary/QuickPracticePage.tsx'),
  (m) => m.QuickPracticePage,
);
const AddQuestionPage = lazyPage(
  () => import('../features/questions/AddQuestionPage.tsx'),
  (m) => m.AddQuestionPage,
);

/**
 * Spec part 1 screens and the practice flows of part 2: lobby, library, star map, passages, practice
 * types, roadmaps, question sessions, unit completion, vocabulary, quick practice and the add form.
 * Only the lobby is in the initial bundle.
 */
export function part1Routes() {
  return (
    <>
      <Route path="/" element={<LobbyPage />} />
      {/* A signed-in visitor of the login page goes home (signed-out visitors see it on every path). */}
      <Route path="/login" element={<Navigate to="/" replace />} />
      <Route path="/library" element={<LibraryPage />} />
      <Route path="/star-map" element={<StarMapPage />} />
      <Route path="/passage/:id" element={<PassagePage />} />
      <Route path="/passage/:source/:id" element={<PassagePage />} />
      <Route path="/passage-text/:id" element={<PassagePage />} />
      <Route path="/lesson/:id/types" element={<PracticeTypesPage />} />
      <Route path="/lesson/:lessonId/:questionType/roadmap" element={<TypeRoadmapPage />} />
      <Route path="/lesson/:lessonId/questions/:questionType/:nodeId" element={<QuestionSessionPage />} />
      <Route path="/lesson/:lessonId/questions/:questionType" element={<QuestionSessionPage />} />
      <Route path="/lesson/:id/roadmap" element={<LessonRoadmapPage />} />
      <Route path="/lesson/:id" element={<LessonRoadmapPage />} />
      <Route path="/lesson/:lessonId/unit/:unitNumber/complete" element={<UnitCompletePage />} />
      <Route path="/vocabulary" element={<VocabularyHome />} />
      <Route path="/vocabulary/add" element={<AddQuestionPage />} />
      <Route path="/vocabulary/quick-practice" element={<QuickPracticePage />} />
    </>
  );
}
