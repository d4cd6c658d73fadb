import { useRoutes } from 'react-router-dom';
import { AppShell } from './components/shell/AppShell.tsx';
import { useDocumentTitle } from './lib/title.ts';
import { appRoutes } from './routes.tsx';

/** Every route (src/routes.tsx) inside the signed-in shell. */
export function App() {
  useDocumentTitle(appRoutes);
  return useRoutes([{ element: <AppShell />, children: appRoutes }]);
}
