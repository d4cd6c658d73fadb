import { Outlet } from 'react-router-dom';

/**
 * The signed-in layout: header, page, bottom navigation, toasts. Signed-out visitors see the login page
 * on every path. (Filled in by the web client issue.)
 */
export function AppShell() {
  return <Outlet />;
}
