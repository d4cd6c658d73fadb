import { useCallback, useEffect, useRef, useState } from 'react';
import { CANTONESE_LANG, DEFAULT_RATE, pickCantoneseVoice, type SpokenSentence } from './speech.ts';

/** How long to wait for the device's voices to load before saying it has no Cantonese voice. */
const VOICES_WAIT_MS = 1500;

export type VoiceAvailability = 'checking' | 'ready' | 'no-voice' | 'unsupported';

/** The device's Cantonese voice, once its voices have loaded (they load asynchronously in Chromium). */
export function useCantoneseVoice(): { availability: VoiceAvailability; voice: SpeechSynthesisVoice | null } {
  const supported = typeof window !== 'undefined' && 'speechSynthesis' in window;
  const [voice, setVoice] = useState<SpeechSynthesisVoice | null>(null);
  const [availability, setAvailability] = useState<VoiceAvailability>(supported ? 'checking' : 'unsupported');
  useEffect(() => {
    if (!supported) return;
    const synth = window.speechSynthesis;
    const check = (final: boolean) => {
      const voices = synth.getVoices();
      const found = pickCantoneseVoice(voices);
      if (found) {
        setVoice(found);
        setAvailability('ready');
      } else if (final || voices.length > 0) {
        setVoice(null);
        setAvailability('no-voice');
      }
    };
    check(false);
    const onChange = () => check(true);
    synth.addEventListener('voiceschanged', onChange);
    const timer = window.setTimeout(() => check(true), VOICES_WAIT_MS);
    return () => {
      synth.removeEventListener('voiceschanged', onChange);
      window.clearTimeout(timer);
    };
  }, [supported]);
  return { availability, voice };
}

export interface ReadAloud {
  availability: VoiceAvailability;
  /** The sentence being read (its place in `sentences`), or null. */
  reading: number | null;
  rate: number;
  setRate(rate: number): void;
  /** Reads from sentence `from` (the first by default) to the end. */
  play(from?: number): void;
  stop(): void;
}

/**
 * Reads `sentences` one utterance each with the Cantonese voice, so the screen can highlight the one
 * being read; a new rate takes effect from the sentence being read. Stops on unmount.
 */
export function useReadAloud(sentences: readonly SpokenSentence[]): ReadAloud {
  const { availability, voice } = useCantoneseVoice();
  const [reading, setReading] = useState<number | null>(null);
  const [rate, setRateState] = useState(DEFAULT_RATE);
  // Each run has its own token, so the end events of a cancelled run do not move a newer one.
  const run = useRef(0);

  const stop = useCallback(() => {
    run.current += 1;
    if (typeof window !== 'undefined' && 'speechSynthesis' in window) window.speechSynthesis.cancel();
    setReading(null);
  }, []);

  const speakFrom = useCallback(
    (from: number, speed: number) => {
      if (!voice) return;
      const synth = window.speechSynthesis;
      run.current += 1;
      const token = run.current;
      synth.cancel();
      const say = (index: number) => {
        if (token !== run.current) return;
        const sentence = sentences[index];
        if (!sentence) {
          setReading(null);
          return;
        }
        setReading(index);
        const utterance = new SpeechSynthesisUtterance(sentence.text);
        utterance.voice = voice;
        utterance.lang = voice.lang || CANTONESE_LANG;
        utterance.rate = speed;
        utterance.onend = () => say(index + 1);
        utterance.onerror = () => {
          if (token === run.current) setReading(null);
        };
        synth.speak(utterance);
      };
      say(from);
    },
    [sentences, voice],
  );

  const play = useCallback((from = 0) => speakFrom(from, rate), [speakFrom, rate]);

  const setRate = useCallback(
    (next: number) => {
      setRateState(next);
      if (reading !== null) speakFrom(reading, next);
    },
    [reading, speakFrom],
  );

  useEffect(() => stop, [stop]);
  // A new text (another passage or range) stops the reading of the old one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sentences are the trigger
  useEffect(() => stop(), [sentences, stop]);

  return { availability, reading, rate, setRate, play, stop };
}
