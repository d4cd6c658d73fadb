/**
 * Reading a text aloud with the device's Cantonese voice (issue 22, 朗讀): which voice to use and how
 * a classical text is cut into the sentences read (and highlighted) one at a time. Pure; the hook in
 * `useReadAloud.ts` drives `speechSynthesis` with them.
 */

/** What the choice reads of a `SpeechSynthesisVoice`. */
export interface VoiceLike {
  readonly lang: string;
  readonly name: string;
  readonly localService?: boolean;
}

/** The language asked of every utterance: Cantonese as written in Hong Kong. */
export const CANTONESE_LANG = 'zh-HK';

/** The speeds offered, slowest first; 1 is the voice's own. */
export const SPEECH_RATES = [
  { rate: 0.6, label: '慢' },
  { rate: 0.8, label: '稍慢' },
  { rate: 1, label: '正常' },
  { rate: 1.2, label: '稍快' },
] as const;
export const DEFAULT_RATE = 0.8;

function normalisedLang(lang: string): string {
  return lang.replace(/_/g, '-').toLowerCase();
}

/** True for a Cantonese voice: lang zh-HK, yue or yue-* (a Mandarin voice, zh-CN or zh-TW, is not). */
export function isCantoneseVoice(voice: VoiceLike): boolean {
  const lang = normalisedLang(voice.lang);
  return lang === 'zh-hk' || lang.startsWith('zh-hk-') || lang === 'yue' || lang.startsWith('yue-');
}

/**
 * The voice to read with: a Cantonese voice (zh-HK before yue, a voice on the device before a network
 * one), or null when the device has none; never a Mandarin voice.
 * @example pickCantoneseVoice(speechSynthesis.getVoices())
 */
export function pickCantoneseVoice<V extends VoiceLike>(voices: readonly V[]): V | null {
  const score = (voice: V) =>
    (normalisedLang(voice.lang).startsWith('zh-hk') ? 2 : 0) + (voice.localService ? 1 : 0);
  let best: V | null = null;
  for (const voice of voices) {
    if (!isCantoneseVoice(voice)) continue;
    if (best === null || score(voice) > score(best)) best = voice;
  }
  return best;
}

/** One sentence to read: its text and its [start, end) in the whole text (UTF-16 offsets). */
export interface SpokenSentence {
  text: string;
  start: number;
  end: number;
}

/** Marks that end a sentence, and the closing marks that stay with it. */
const ENDS = new Set(['。', '！', '？', '；', '!', '?', ';']);
const CLOSERS = new Set(['」', '』', '”', '’', '）', ')']);

/**
 * Cuts a text into sentences: after 。！？； (with the closing quotation marks that follow them) and at
 * each line break. Whitespace is left out of every sentence; a sentence of only punctuation is dropped.
 * @example splitSentences('學而時習之，不亦說乎？\n有朋自遠方來') // two sentences
 */
export function splitSentences(text: string): SpokenSentence[] {
  const sentences: SpokenSentence[] = [];
  let start = -1;
  const close = (end: number) => {
    if (start < 0) return;
    const piece = text.slice(start, end);
    if (/[\p{L}\p{N}]/u.test(piece)) sentences.push({ text: piece, start, end });
    start = -1;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      if (ch === '\n') close(i);
      continue;
    }
    if (start < 0) {
      // A closing mark after an ended sentence belongs to it.
      const last = sentences.at(-1);
      if (CLOSERS.has(ch) && last && last.end === i) {
        last.end = i + 1;
        last.text += ch;
        continue;
      }
      start = i;
    }
    if (ENDS.has(ch)) {
      let end = i + 1;
      while (end < text.length && CLOSERS.has(text[end]!)) end++;
      close(end);
      i = end - 1;
    }
  }
  close(text.length);
  return sentences;
}
