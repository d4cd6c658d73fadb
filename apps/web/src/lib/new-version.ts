/**
 * After a deploy, an open page still runs the old build: the next screen it loads asks for a chunk
 * that is no longer on the server. The page then reloads once into the new version; a second failure
 * within a short while is a real error, shown by the route's error boundary.
 */

const RELOADED_AT_KEY = 'wyt-reloaded-for-new-version';
/** A reload this recent means the new version failed too: do not reload again (no loop). */
export const RELOAD_GUARD_MS = 30_000;

/** Whether an error is a failed load of a screen's code (dynamic import or its preload). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|importing a module script failed|error loading dynamically imported module|unable to preload|failed to fetch|chunkloaderror|mime type/i.test(
    `${error.name} ${error.message}`,
  );
}

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload(): void;
  now(): number;
}

const browserDeps = (): ReloadDeps => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
  now: () => Date.now(),
});

/** Reloads the page unless it already reloaded for this reason moments ago; says whether it did. */
export function reloadOnceForNewVersion(deps: ReloadDeps = browserDeps()): boolean {
  const last = Number(deps.storage.getItem(RELOADED_AT_KEY) ?? 0);
  const now = deps.now();
  if (now - last < RELOAD_GUARD_MS) return false;
  deps.storage.setItem(RELOADED_AT_KEY, String(now));
  deps.reload();
  return true;
}

/** Vite's signal that a screen's code or its dependencies failed to load: reload once into the new version. */
export function listenForStaleBuild(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForNewVersion()) event.preventDefault();
  });
}
