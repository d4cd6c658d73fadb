import { atomWithStorage } from 'jotai/utils';

/** The learner's dark-mode choice, kept in local storage (index.html applies it before first paint). */
export const darkModeAtom = atomWithStorage<boolean>('wyt-dark', false);

/** Recitation and quiz sounds on or off (default on). */
export const soundAtom = atomWithStorage<boolean>('wyt-sound', true);
