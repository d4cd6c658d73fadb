/**
 * The annotated passage (issue 22) in a real browser against the real server, at phone size: the
 * keyboard reaches a word and reads its note, opens a sentence's 語譯 and reaches the question that
 * drills the word, answering it through the quiz's answer flow; axe finds nothing serious; 朗讀 reads
 * with a Cantonese voice and highlights the sentence, or says the device has none. The annotations are
 * this test's own (tests/support/annotations-fixture.ts), written into its database.
 */
import { mkdirSync } from 'node:fs';
import { saveLessonAnnotations } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { LESSON_9_ANNOTATIONS } from '../support/annotations-fixture.ts';
import { seriousAxeFindings } from '../support/axe.ts';
import { newContext, useLearner, useWorld } from '../support/world.ts';

/** Screenshots for a person to look at (not compared): outside the repository. */
const SHOTS = '/tmp/wenyan-passage-shots';

/**
 * A stand-in for the device's speech (the Chromium here has no voices): a Mandarin and a Cantonese
 * voice; each utterance is recorded and ends only when the test says so.
 */
function stubSpeech() {
  const w = window as unknown as Record<string, unknown>;
  const spoken: Array<{ text: string; lang: string; voice: string | null; rate: number }> = [];
  let current: { onend?: (() => void) | null } | null = null;
  const voices = [
    { name: '測試普通話', lang: 'zh-CN', localService: true, default: true, voiceURI: 'cn' },
    { name: '測試粵語', lang: 'zh-HK', localService: true, default: false, voiceURI: 'hk' },
  ];
  w.SpeechSynthesisUtterance = class {
    text: string;
    lang = '';
    rate = 1;
    voice: { name: string } | null = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(text: string) {
      this.text = text;
    }
  };
  const synth = {
    getVoices: () => voices,
    speak(u: {
      text: string;
      lang: string;
      rate: number;
      voice: { name: string } | null;
      onend: () => void;
    }) {
      spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? null, rate: u.rate });
      current = u;
    },
    cancel() {
      current = null;
    },
    pause() {},
    resume() {},
    addEventListener() {},
    removeEventListener() {},
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  w.__spoken = spoken;
  w.__finishUtterance = () => {
    const u = current;
    current = null;
    u?.onend?.();
  };
}

describe('the annotated passage in a real browser', () => {
  const world = useWorld({}, { prepare: (db) => saveLessonAnnotations(db, LESSON_9_ANNOTATIONS) });
  const learner = useLearner(world, { prefix: 'passage', firstName: '小明', context: { bypassCSP: true } });
  /** A new context of the learner's session with the stand-in speech (`stubSpeech`). */
  const speakingContext = async () => {
    const speaking = await newContext(world);
    await speaking.addCookies(await learner.context.cookies());
    await speaking.addInitScript(stubSpeech);
    return speaking;
  };

  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });

  /** Presses Tab until the focused element matches `selector` (at most `max` presses). */
  async function tabTo(selector: string, max = 80): Promise<void> {
    const { page } = learner;
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }
  const activeText = () => learner.page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

  it('reads a note, opens a 語譯 and reaches the linked question from the keyboard alone', async () => {
    const { page } = learner;
    await page.goto('/passage/9');
    const text = page.getByTestId('passage-text');
    await text.locator('.note-term').first().waitFor();
    await page.locator('body').focus();

    // The first annotated word: focus shows its note (gloss and 粵拼) and marks it expanded.
    await tabTo('.note-term');
    expect(await activeText()).toBe('謫守');
    const card = page.getByTestId('note-card');
    await expect.poll(() => card.textContent()).toContain('被貶官後出任地方長官。');
    expect(await card.textContent()).toContain('zaak6 sau2');
    expect(await page.getByRole('dialog', { name: '注釋：謫守' }).count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('true');
    await page.screenshot({ path: `${SHOTS}/note-open.png` });

    // Escape closes it and keeps the focus on the word.
    await page.keyboard.press('Escape');
    await expect.poll(() => card.count()).toBe(0);
    expect(await activeText()).toBe('謫守');

    // The first sentence's 語譯 opens under it.
    await tabTo('.translate-toggle');
    await page.keyboard.press('Enter');
    const translation = page.locator('.sentence-translation');
    await expect
      .poll(() => translation.first().textContent())
      .toBe('慶曆四年的春天，滕子京被貶到巴陵郡做太守。');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('true');

    // On to 屬, whose note links to its word question.
    await tabTo('.note-term[aria-describedby]:not([data-note="n1"])');
    expect(await activeText()).toBe('屬');
    await expect.poll(() => card.textContent()).toContain('囑託');
    const findings = await seriousAxeFindings(page);
    expect(findings).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/translation-and-key-note.png` });

    await page.keyboard.press('Tab');
    expect(await activeText()).toMatch(/^練習此詞（\d+ 題）$/);
    const questions = page.waitForResponse((r) => /\/api\/lessons\/9\/questions$/.test(r.url()));
    await page.keyboard.press('Enter');
    const served = await (await questions).json();
    // The learner's list carries no key, explanation or scheme.
    expect(JSON.stringify(served)).not.toMatch(/correctAnswer|explanation|marking/);

    const quiz = page.getByTestId('adaptive-quiz');
    await quiz.waitFor();
    await expect.poll(() => quiz.locator('.question-content').textContent()).toContain('屬');
    expect(await quiz.locator('.option.correct, .option.wrong').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/drill.png` });

    // Answer from the keyboard: choose an option, submit, then the verdict and the key.
    await tabTo('.option input');
    await page.keyboard.press('Space');
    await tabTo('button:not([disabled]).btn-primary');
    expect(await activeText()).toBe('提交答案');
    await page.keyboard.press('Enter');
    await expect.poll(() => quiz.locator('.option.correct').count()).toBe(1);
    await expect.poll(() => page.locator('.feedback').textContent()).toMatch(/正確！|錯誤/);
  });

  it('has no serious axe finding in the dark theme with every 語譯 open', async () => {
    const { page } = learner;
    await page.evaluate(() => localStorage.setItem('wyt-dark', 'true'));
    await page.goto('/passage/9');
    await page.getByTestId('show-all-translations').click();
    await expect.poll(() => page.locator('.sentence-translation').count()).toBe(2);
    await page.locator('.note-term').first().click();
    await page.getByTestId('note-card').waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/dark-all-translations.png`, fullPage: true });
    await page.evaluate(() => localStorage.setItem('wyt-dark', 'false'));
  });

  it("marks every note of the content's own annotations, inner notes in their outer note's card", async () => {
    const { page } = learner;
    const res = await page.request.get('/api/lessons/6/annotations');
    const body = (await res.json()) as { notes: Array<{ id: string; parentId: string | null }> };
    await page.goto('/passage/6');
    const text = page.getByTestId('passage-text');
    await text.waitFor();
    const outer = body.notes.filter((n) => n.parentId === null);
    await expect.poll(() => text.locator('.note-term').count()).toBe(outer.length);
    const nested = body.notes.find((n) => n.parentId !== null);
    if (nested) {
      await text.locator(`[data-note="${nested.parentId}"]`).click();
      await expect
        .poll(() => page.getByTestId('note-card').locator('.note-card-inner').count())
        .toBeGreaterThan(0);
      expect(await seriousAxeFindings(page)).toEqual([]);
    }
    await page.screenshot({ path: `${SHOTS}/lesson-6.png` });
  });

  it('says so when the device has no Cantonese voice, instead of reading in Mandarin', async () => {
    const { page } = learner;
    await page.goto('/passage/9');
    await page.getByTestId('passage-text').waitFor();
    const hasCantonese = await page.evaluate(() =>
      speechSynthesis.getVoices().some((v) => /^(zh[-_]HK|yue)/i.test(v.lang)),
    );
    if (hasCantonese) {
      // A device with a Cantonese voice is offered the reading.
      await page.getByRole('button', { name: '朗讀' }).waitFor();
      return;
    }
    // The Chromium here has no voices at all: the control says so and offers no reading.
    await expect
      .poll(() => page.getByTestId('read-aloud-missing').textContent())
      .toContain('此裝置沒有粵語語音');
    expect(await page.getByRole('button', { name: '朗讀' }).count()).toBe(0);
  });

  it('reads the passage with the Cantonese voice, sentence by sentence, highlighted, at the chosen speed', async () => {
    const speaking = await speakingContext();
    const p = await speaking.newPage();
    try {
      await p.goto('/passage/9');
      const play = p.getByRole('button', { name: '朗讀' });
      await play.waitFor();
      await play.click();
      const spoken = () => p.evaluate(() => (window as unknown as { __spoken: unknown[] }).__spoken);
      await expect
        .poll(spoken)
        .toEqual([{ text: '慶曆四年春，滕子京謫守巴陵郡。', lang: 'zh-HK', voice: '測試粵語', rate: 0.8 }]);
      const reading = p.locator('.sentence.is-reading');
      await expect.poll(() => reading.innerText()).toBe('慶曆四年春，滕子京謫守巴陵郡。');
      await p.screenshot({ path: `${SHOTS}/reading.png` });

      // The next sentence when the first ends; a new speed restarts the sentence being read.
      await p.evaluate(() => (window as unknown as { __finishUtterance(): void }).__finishUtterance());
      await expect.poll(() => reading.innerText()).toBe('越明年，政通人和，百廢具興。');
      await p.getByLabel('語速').selectOption('1.2');
      await expect
        .poll(async () => (await spoken()).at(-1))
        .toEqual({
          text: '越明年，政通人和，百廢具興。',
          lang: 'zh-HK',
          voice: '測試粵語',
          rate: 1.2,
        });
      await p.evaluate(() => (window as unknown as { __finishUtterance(): void }).__finishUtterance());
      await expect.poll(() => reading.count()).toBe(0);
      expect(await p.getByRole('button', { name: '朗讀' }).count()).toBe(1);
    } finally {
      await speaking.close();
    }
  });

  it("reads recitation's chosen range aloud, highlighting the sentence", async () => {
    const speaking = await speakingContext();
    const p = await speaking.newPage();
    try {
      await p.goto('/memorization');
      await p.getByTestId('recitation-lesson').first().getByRole('button', { name: '選擇此篇' }).click();
      await p.getByRole('button', { name: '全文' }).click();
      await p.getByRole('button', { name: '朗讀' }).click();
      const first = '子曰：「不仁者，不可以久處約，不可以長處樂。';
      const spoken = () =>
        p.evaluate(() => (window as unknown as { __spoken: Array<{ text: string }> }).__spoken);
      await expect.poll(async () => (await spoken()).map((u) => u.text)).toEqual([first]);
      await expect
        .poll(() => p.getByTestId('read-aloud-text').locator('.is-reading').innerText())
        .toBe(first);
      await p.screenshot({ path: `${SHOTS}/recitation-reading.png` });
      await p.getByRole('button', { name: '停止朗讀' }).click();
      await expect.poll(() => p.getByTestId('read-aloud-text').locator('.is-reading').count()).toBe(0);
    } finally {
      await speaking.close();
    }
  });
});
