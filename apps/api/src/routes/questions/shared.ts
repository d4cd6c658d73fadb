/** What the question routes share: the practice types' titles, a lesson that must exist, a question's stored fields. */
import type { ParsedInput } from '@wenyan/contracts';
import { type Db, type editTeacherQuestion, findLesson } from '@wenyan/store';
import { notFound } from '../../plugins/errors.ts';

/** The practice types' names as the roadmap and a worksheet's heading show them, in the roadmap's order. */
export const PRACTICE_TYPE_TITLES: Readonly<Record<string, string>> = {
  word_interpretation: '詞解',
  sentence_translation: '句譯',
  theme_understanding: '主題理解',
  writing_techniques: '寫作技巧',
  cultural_knowledge: '文化常識',
};

/** The roadmap's order of the practice types. */
export const PRACTICE_TYPE_ORDER = Object.keys(PRACTICE_TYPE_TITLES);

/** The lesson, or 404. */
export async function requireLesson(db: Db, id: number) {
  const lesson = await findLesson(db, id);
  if (!lesson) throw notFound('lesson');
  return lesson;
}

/** A question's fields as a teacher writes them (the add-question form, an edit), as the store keeps them. */
export function questionFields(
  body: ParsedInput<'createQuestion'>['body'] | ParsedInput<'editQuestion'>['body'],
): Parameters<typeof editTeacherQuestion>[2] {
  return {
    lessonId: body.lessonId,
    content: body.content,
    targetText: body.targetText,
    options: body.options,
    correctAnswer: body.correctAnswer,
    explanation: body.explanation,
    culturalContext: body.culturalContext ?? null,
    difficulty: body.difficulty,
    characterFrequency: body.characterFrequency,
  };
}
