/**
 * The annotated passage's read (issue 22): GET /api/lessons/:id/annotations places each note and
 * sentence in the text and links each note to the word questions that drill it, without their keys.
 */
import { lessonAnnotations } from '@wenyan/content';
import { PassageAnnotationsSchema } from '@wenyan/contracts';
import { findLesson, saveLessonAnnotations } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { LESSON_9_ANNOTATIONS } from '../support/annotations-fixture.ts';
import { useTestApp } from '../support/app-harness.ts';

describe('the annotated passage', () => {
  let learner: TestAccount;
  const t = useTestApp('embedded');
  beforeAll(async () => {
    learner = await signUp(t.app, 'annotations');
    await saveLessonAnnotations(t.app.deps.db, LESSON_9_ANNOTATIONS);
    t.app.invalidateContent();
  });

  const get = (url: string, headers = learner.headers) => t.app.inject({ method: 'GET', url, headers });

  it('places every note on its occurrence and every sentence in the text', async () => {
    const res = await get('/api/lessons/9/annotations');
    expect(res.statusCode).toBe(200);
    const body = PassageAnnotationsSchema.parse(res.json());
    const text = (await findLesson(t.app.deps.db, 9))!.content;
    for (const note of body.notes) expect(text.slice(note.start, note.end)).toBe(note.term);
    expect(body.notes.map((n) => n.term)).toEqual(['謫守', '屬', '南極瀟湘', '極', '霪雨', '極', '微']);
    const [, , phrase, south, , feeling] = body.notes;
    // 極 of 南極瀟湘 is that note's inner note; 極 of 感極而悲 stands on its own.
    expect(south!.parentId).toBe(phrase!.id);
    expect(feeling!.parentId).toBeNull();
    expect(text.slice(south!.start - 1, south!.end + 2)).toBe('南極瀟湘');
    expect(text.slice(feeling!.start - 1, feeling!.end + 2)).toBe('感極而悲');
    expect(body.sentences.map((s) => text.slice(s.start, s.end))).toEqual([
      '慶曆四年春，滕子京謫守巴陵郡。',
      '越明年，政通人和，百廢具興。',
    ]);
    expect(body.sentences[1]!.translation).toContain('興辦');
    expect(body.notes[0]).toMatchObject({
      gloss: '被貶官後出任地方長官。',
      jyutping: 'zaak6 sau2',
      key: false,
    });
  });

  it('links each note to the word questions whose highlight it is, and gives no key', async () => {
    const res = await get('/api/lessons/9/annotations');
    const body = PassageAnnotationsSchema.parse(res.json());
    const links = Object.fromEntries(body.notes.map((n) => [`${n.term}@${n.start}`, n.questionIds]));
    const byTerm = (term: string, index = 0) => body.notes.filter((n) => n.term === term)[index]!.questionIds;
    expect(byTerm('屬')).toContain('l09-wi-02');
    expect(byTerm('極', 0)).toContain('l09-wi-03');
    expect(byTerm('極', 1)).not.toContain('l09-wi-03');
    expect(byTerm('微')).toContain('l09-wi-09');
    expect(byTerm('謫守')).toEqual([]);
    expect(Object.keys(links)).toHaveLength(7);
    expect(res.body).not.toMatch(/correctAnswer|explanation|marking/);
  });

  it('serves the content files of every other lesson, each sentence placed', async () => {
    for (let id = 1; id <= 16; id++) {
      if (id === 9) continue;
      const res = await get(`/api/lessons/${id}/annotations`);
      expect(res.statusCode).toBe(200);
      const body = PassageAnnotationsSchema.parse(res.json());
      const source = lessonAnnotations[id]!;
      expect(body.lessonId).toBe(id);
      expect(body.sentences).toHaveLength(source.sentences.length);
      expect(body.notes.length).toBeLessThanOrEqual(source.notes.length);
    }
  });

  it('answers 404 for a missing lesson, 400 naming the field for a bad id and 401 signed out', async () => {
    expect((await get('/api/lessons/999/annotations')).statusCode).toBe(404);
    const bad = await get('/api/lessons/abc/annotations');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.details)).toContain('params.id');
    expect((await get('/api/lessons/9/annotations', {})).statusCode).toBe(401);
  });
});
