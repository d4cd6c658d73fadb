import { useEffect } from 'react';
import { matchRoutes, type RouteObject, useLocation } from 'react-router-dom';

/** The product's name: the whole title of a screen without one, the suffix of every other. */
export const APP_NAME = '文言通';

/** What a route of the route table carries in its `handle`. */
export interface ScreenHandle {
  /** The screen's own name in the document title (Traditional Chinese). */
  readonly title: string;
}

/** A route's handle with its screen title: `{ path: '/library', handle: titled('文言文庫'), … }`. */
export function titled(title: string): ScreenHandle {
  return { title };
}

/** The document title of a screen: 「課文 · 文言通」, or the bare product name. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as ScreenHandle).title === 'string';
}

/** The screen title of the deepest route matching a path (undefined when none has one). */
export function screenTitle(routes: RouteObject[], pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (const { route } of [...matches].reverse()) {
    if (isScreenHandle(route.handle)) return route.handle.title;
  }
  return undefined;
}

/** Sets `document.title` from the route table on every navigation (one hook for every screen). */
export function useDocumentTitle(routes: RouteObject[]): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(screenTitle(routes, pathname));
  }, [routes, pathname]);
}
