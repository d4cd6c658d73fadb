import { Route, Routes } from 'react-router-dom';
import { AppShell } from './components/shell/AppShell.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { part1Routes } from './routes/part1.tsx';
import { part2Routes } from './routes/part2.tsx';
import { teacherRoutes } from './routes/teacher.tsx';

/**
 * The route table of both spec parts (plus the teacher pages), inside the signed-in shell. Each part's
 * routes live in its own file under routes/; unknown paths get the empty fallback.
 */
export function App() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        {part1Routes()}
        {part2Routes()}
        {teacherRoutes()}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
