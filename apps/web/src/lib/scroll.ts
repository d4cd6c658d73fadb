import { useEffect, useLayoutEffect, useRef } from 'react';
import { type NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/** Where the window scrolls after a navigation. */
export type ScrollTarget =
  | { readonly kind: 'top' }
  | { readonly kind: 'restore'; readonly y: number }
  | { readonly kind: 'hash'; readonly id: string }
  | { readonly kind: 'keep' };

interface Place {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly key: string;
}

/**
 * The scroll position a navigation lands on: back and forward (POP) return to where that entry was
 * left; a link to another page (PUSH, or a redirect's REPLACE to another path) starts at the top, or
 * at its `#anchor`; a screen rewriting its own query in place (REPLACE, same path: a filter) keeps the
 * reader where they are, and so does the first load.
 */
export function scrollTarget(
  navigation: `${NavigationType}`,
  previous: Place | undefined,
  next: Place,
  saved: ReadonlyMap<string, number>,
): ScrollTarget {
  if (!previous || previous.key === next.key) return { kind: 'keep' };
  if (navigation === 'POP') {
    const y = saved.get(next.key);
    return y === undefined ? { kind: 'top' } : { kind: 'restore', y };
  }
  if (navigation === 'REPLACE' && previous.pathname === next.pathname) return { kind: 'keep' };
  if (next.hash.length > 1) return { kind: 'hash', id: decodeURIComponent(next.hash.slice(1)) };
  return { kind: 'top' };
}

/** Frames to keep trying a restore while a lazy screen is still growing to its old height. */
const RESTORE_FRAMES = 60;

/**
 * Resets the scroll on navigation and restores it on back/forward (the router is a BrowserRouter,
 * where `<ScrollRestoration>` does not work). Positions are kept per history entry for the tab's life.
 */
export function useScrollReset(): void {
  const location = useLocation();
  const navigation = useNavigationType();
  const saved = useRef(new Map<string, number>());
  const current = useRef<Place | undefined>(undefined);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (current.current) saved.current.set(current.current.key, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const next: Place = {
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
      key: location.key,
    };
    const target = scrollTarget(navigation, current.current, next, saved.current);
    current.current = next;
    if (target.kind === 'top') window.scrollTo(0, 0);
    else if (target.kind === 'hash') document.getElementById(target.id)?.scrollIntoView();
    else if (target.kind === 'restore') {
      let frames = 0;
      let handle = 0;
      const tryRestore = () => {
        window.scrollTo(0, target.y);
        frames += 1;
        if (Math.abs(window.scrollY - target.y) > 1 && frames < RESTORE_FRAMES) {
          handle = window.requestAnimationFrame(tryRestore);
        }
      };
      tryRestore();
      return () => window.cancelAnimationFrame(handle);
    }
    return undefined;
  }, [location.pathname, location.search, location.hash, location.key, navigation]);
}
