import { describe, expect, it } from 'vitest';
import { isCantoneseVoice, pickCantoneseVoice, splitSentences } from './speech.ts';

const voice = (lang: string, name = lang, localService = false) => ({ lang, name, localService });

describe('choosing the voice', () => {
  it('takes a Cantonese voice and never a Mandarin one', () => {
    const mandarin = [voice('zh-CN'), voice('zh-TW'), voice('cmn-Hans-CN'), voice('en-GB')];
    expect(pickCantoneseVoice(mandarin)).toBeNull();
    expect(pickCantoneseVoice([...mandarin, voice('zh-HK', 'Google 粵語（香港）')])?.name).toBe(
      'Google 粵語（香港）',
    );
    expect(pickCantoneseVoice([])).toBeNull();
  });

  it('knows zh-HK, zh_HK and yue as Cantonese', () => {
    expect(isCantoneseVoice(voice('zh-HK'))).toBe(true);
    expect(isCantoneseVoice(voice('zh_HK'))).toBe(true);
    expect(isCantoneseVoice(voice('yue-Hant-HK'))).toBe(true);
    expect(isCantoneseVoice(voice('yue'))).toBe(true);
    expect(isCantoneseVoice(voice('zh-Hant'))).toBe(false);
    expect(isCantoneseVoice(voice('zh-TW'))).toBe(false);
  });

  it('prefers zh-HK to yue, and a voice on the device to a network one', () => {
    expect(pickCantoneseVoice([voice('yue-HK', 'a', true), voice('zh-HK', 'b')])?.name).toBe('b');
    expect(pickCantoneseVoice([voice('zh-HK', 'network'), voice('zh-HK', 'device', true)])?.name).toBe(
      'device',
    );
  });
});

describe('cutting a text into sentences', () => {
  it('cuts after 。！？； and at line breaks, keeping the offsets', () => {
    const text = '空山新雨後，天氣晚來秋。\n明月松間照，清泉石上流。';
    const sentences = splitSentences(text);
    expect(sentences.map((s) => s.text)).toEqual(['空山新雨後，天氣晚來秋。', '明月松間照，清泉石上流。']);
    for (const s of sentences) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it('keeps the closing quotation mark with its sentence', () => {
    const text = '子曰：「學而時習之，不亦說乎？」曾子曰：「吾日三省吾身。」';
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      '子曰：「學而時習之，不亦說乎？」',
      '曾子曰：「吾日三省吾身。」',
    ]);
  });

  it('reads a line without a full stop as a sentence and drops punctuation alone', () => {
    expect(splitSentences('大江東去，浪淘盡\n」\n').map((s) => s.text)).toEqual(['大江東去，浪淘盡']);
    expect(splitSentences('何哉？不以物喜；不以己悲。').map((s) => s.text)).toEqual([
      '何哉？',
      '不以物喜；',
      '不以己悲。',
    ]);
  });
});
