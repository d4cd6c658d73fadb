import type { Question, QuestionType } from '@wenyan/contracts';
import { FREE_TEXT_QUESTION_TYPES, PRACTICE_TYPES } from '@wenyan/contracts/light';

/** The Chinese label of every question type (spec part 1 §3 gives six; the rest are written here). */
export const QUESTION_TYPE_LABELS: Readonly<Record<QuestionType, string>> = {
  word_interpretation: '詞解題',
  sentence_translation: '句譯題',
  theme_understanding: '主題理解',
  cultural_knowledge: '文化常識',
  writing_techniques: '寫作技巧',
  recitation_assessment: '背誦考核',
  fill_in_blank: '填充題',
  short_answer: '短答題',
  recitation: '背誦題',
  multiple_choice: '選擇題',
  interpretation: '語譯題',
  analysis: '分析題',
  translation: '翻譯題',
  essay: '論述題',
  reading_comprehension: '閱讀理解',
  sentence_memorization: '默書題',
  sentence_recitation: '句子背誦',
  vocab_translation: '詞語翻譯',
  writing_technique: '寫作手法',
  theme: '主題內容',
  writing: '修辭手法',
  long_question: '長題目',
};

/** The instruction under a question card's type title. */
export const QUESTION_TYPE_INSTRUCTIONS: Partial<Readonly<Record<QuestionType, string>>> = {
  word_interpretation: '選出字詞在句中的正確解釋。',
  sentence_translation: '把句子譯成通順的現代漢語。',
  theme_understanding: '選出最能概括文意的答案。',
  cultural_knowledge: '選出正確的文化常識。',
  writing_techniques: '選出句子運用的寫作手法。',
  recitation_assessment: '選出正確的原文。',
  fill_in_blank: '填寫缺漏的字詞。',
  short_answer: '以簡潔的文字作答。',
  recitation: '默寫原文。',
};

/** The practice-type page's four types (spec part 2: word meaning, sentence translation, theme, technique). */
export const PRACTICE_TYPE_CARDS: ReadonlyArray<{
  type: (typeof PRACTICE_TYPES)[number];
  title: string;
  description: string;
}> = [
  { type: 'word_interpretation', title: '詞語解釋', description: '掌握重點文言實詞、虛詞的意思' },
  { type: 'sentence_translation', title: '句子翻譯', description: '把重點句子譯成現代漢語' },
  { type: 'theme_understanding', title: '主題內容', description: '理解文章的主旨與思想感情' },
  { type: 'writing_techniques', title: '修辭手法', description: '分析作者的寫作及修辭技巧' },
];

/** The four types as a select's choices (value: the type, label: its title). */
export const PRACTICE_TYPE_CHOICES = PRACTICE_TYPE_CARDS.map(({ type, title }) => ({
  value: type,
  label: title,
}));

/** True when the question is answered in a textarea (free-text types, or a question with no options). */
export function isFreeText(question: Pick<Question, 'type' | 'options'>): boolean {
  return (
    (FREE_TEXT_QUESTION_TYPES as readonly string[]).includes(question.type) || question.options.length === 0
  );
}

/** True for one of the practice-type page's four types. */
export function isPracticeType(type: string | undefined): type is (typeof PRACTICE_TYPES)[number] {
  return (PRACTICE_TYPES as readonly string[]).includes(type ?? '');
}

/** Option letters A, B, C... */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** The lesson difficulty labels of the lobby, library and star map. */
export const DIFFICULTY_LABELS = { beginner: '初級', intermediate: '中級', advanced: '高級' } as const;
