import { useRoutes } from 'react-router-dom';
import { AppShell } from './app/shell/AppShell.tsx';
import { useScrollReset } from './lib/scroll.ts';
import { useDocumentTitle } from './lib/title.ts';
import { appRoutes } from './routes.tsx';

/** Every route (src/routes.tsx) inside the signed-in shell, with its title and scroll reset on navigation. */
export function App() {
  useDocumentTitle(appRoutes);
  useScrollReset();
  return useRoutes([{ element: <AppShell />, children: appRoutes }]);
}
