/**
 * A test's own annotations of 岳陽樓記 (lesson 9), written into a test database with
 * `saveLessonAnnotations`, so the annotated passage can be tested whatever the content files hold.
 * Its notes link to the lesson's real word questions: 屬 (l09-wi-02), 極 in 南極瀟湘 (l09-wi-03), 微
 * (l09-wi-09); the second 極 (感極而悲) has no question. The first 極 lies inside the note 南極瀟湘 (an inner note).
 */
import type { LessonAnnotations } from '@wenyan/content';

export const LESSON_9_ANNOTATIONS: LessonAnnotations = {
  lessonId: 9,
  notes: [
    { term: '謫守', gloss: '被貶官後出任地方長官。', jyutping: 'zaak6 sau2' },
    { term: '屬', gloss: '同「囑」，囑託。', jyutping: 'zuk1', key: true },
    { term: '南極瀟湘', gloss: '南面直通瀟水和湘水。', jyutping: 'naam4 gik6 siu1 soeng1' },
    { term: '極', gloss: '直達、通到。', key: true },
    { term: '極', occurrence: 2, gloss: '到了極點。' },
    { term: '霪雨', gloss: '連綿不斷的雨。', jyutping: 'jam4 jyu5' },
    { term: '微', gloss: '如果沒有。', key: true },
  ],
  sentences: [
    { text: '慶曆四年春，滕子京謫守巴陵郡。', translation: '慶曆四年的春天，滕子京被貶到巴陵郡做太守。' },
    {
      text: '越明年，政通人和，百廢具興。',
      translation: '到了第二年，政事順利，百姓和樂，許多荒廢了的事業都興辦起來。',
    },
  ],
};
