import { atomWithStorage } from 'jotai/utils';

/** The local storage key of the dark-mode choice; index.html reads it before first paint. */
export const DARK_MODE_STORAGE_KEY = 'wyt-dark';

/**
 * The learner's dark-mode choice, kept in local storage (index.html applies it before first paint).
 * Read on init, so the first render already agrees with the class index.html set.
 */
export const darkModeAtom = atomWithStorage<boolean>(DARK_MODE_STORAGE_KEY, false, undefined, {
  getOnInit: true,
});

/** Recitation and quiz sounds on or off (default on). */
export const soundAtom = atomWithStorage<boolean>('wyt-sound', true, undefined, { getOnInit: true });

/** Applies the theme to the document: the `dark` class on <html> and the browser's theme colour. */
export function applyTheme(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#15140F' : '#FAF7F0');
}
