import { atomWithStorage } from 'jotai/utils';

/** The local storage key of the dark-mode choice; index.html's inline theme script reads it before first paint. */
export const DARK_MODE_STORAGE_KEY = 'wyt-dark';

/** Whether the system asks for a dark theme (`prefers-color-scheme`); false where it cannot tell. */
export function systemPrefersDark(): boolean {
  try {
    return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    return false;
  }
}

/**
 * The learner's dark-mode choice, kept in local storage (index.html's inline theme script applies it before first paint).
 * Until the learner chooses, nothing is stored and the system's setting is the theme. Read on init, so
 * the first render already agrees with the class that script set.
 */
export const darkModeAtom = atomWithStorage<boolean>(DARK_MODE_STORAGE_KEY, systemPrefersDark(), undefined, {
  getOnInit: true,
});

/** Recitation and quiz sounds on or off (default on). */
export const soundAtom = atomWithStorage<boolean>('wyt-sound', true, undefined, { getOnInit: true });

/** Applies the theme to the document: the `dark` class on <html> and the browser's theme colour. */
export function applyTheme(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#15140F' : '#FAF7F0');
}
