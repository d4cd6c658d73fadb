import { RECITATION_TONES } from '@wenyan/domain';
import type { Tone } from './recitationMachine.ts';

const FREQUENCY: Record<Tone, number> = {
  correct: RECITATION_TONES.correctHz,
  wrong: RECITATION_TONES.wrongHz,
  complete: RECITATION_TONES.completeHz,
};

let audio: AudioContext | null = null;

/** Plays the tone of a right (800 Hz), wrong (300 Hz) or finished (1000 Hz) recitation for 0.2 s. */
export function playTone(tone: Tone): void {
  try {
    const Context =
      window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume();
    const now = audio.currentTime;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = FREQUENCY[tone];
    // A short fade in and out avoids the click of a square start and stop.
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.2, now + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + RECITATION_TONES.durationSeconds);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(now);
    oscillator.stop(now + RECITATION_TONES.durationSeconds);
  } catch {
    // No audio (a locked-down browser): the practice goes on silently.
  }
}
