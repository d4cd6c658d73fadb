/**
 * Questions: the types named in both spec parts, the read shape (spec part 2 §3), the options rule
 * (spec part 1 §5) and the add-question form (spec part 2 §3 and §5).
 */
import { z } from 'zod';
import {
  DIFFICULTIES,
  DifficultySchema,
  INT4_MAX,
  LessonIdSchema,
  positiveIntParam,
  UserIdInputSchema,
} from './common.ts';
import { FREE_TEXT_QUESTION_TYPES, PRACTICE_TYPES, QUESTION_TYPES } from './light.ts';

export { QUESTION_TYPES };
export const QuestionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;

export { FREE_TEXT_QUESTION_TYPES, PRACTICE_TYPES };

/** The frequency tier of a word question's target word: among the 200, 400 or 900 most common characters. */
export const CHARACTER_FREQUENCIES = [200, 400, 900] as const;
export const CharacterFrequencySchema = z.literal(CHARACTER_FREQUENCIES, {
  error: '字頻等級必須是 200、400 或 900',
});
export type CharacterFrequency = z.infer<typeof CharacterFrequencySchema>;

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

/**
 * The spec's options rule: a list is kept; a string is parsed as JSON and must give a list;
 * anything else (an unparseable string, a JSON object, null) gives `[]`. Items become strings.
 * A string that does not give a list is reported to `onUnparseable` (the spec logs it).
 *
 * @example parseOptions('["學","習"]') // ['學', '習']
 * @example parseOptions('not json') // []
 */
export function parseOptions(value: unknown, onUnparseable?: (value: string) => void): string[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      onUnparseable?.(value);
      return [];
    }
    if (!Array.isArray(list)) onUnparseable?.(value);
  }
  if (!Array.isArray(list)) return [];
  return list.filter((item) => item !== null && item !== undefined).map((item) => String(item));
}

let unparseableOptionsReporter: ((value: string) => void) | undefined;

/**
 * Where options that fail to parse in `OptionsSchema` are reported (the spec logs 'Failed to parse
 * options'; the question then shows no options). The contracts stay free of any logger: the web client
 * sets console.warn at start (apps/web/src/main.tsx). Returns the previous reporter.
 */
export function reportUnparseableOptions(
  reporter: ((value: string) => void) | undefined,
): ((value: string) => void) | undefined {
  const previous = unparseableOptionsReporter;
  unparseableOptionsReporter = reporter;
  return previous;
}

function logUnparseableOptions(value: string): void {
  unparseableOptionsReporter?.(value);
}

/**
 * Question options as they may arrive (a list, a JSON string or null) and as they are used (a list).
 * A two-way codec, so the server can also encode a list with it.
 */
export const OptionsSchema = z.codec(
  z.union([z.array(z.string()), z.string(), z.null()]),
  z.array(z.string()),
  {
    decode: (value) => parseOptions(value, logUnparseableOptions),
    encode: (list) => list,
  },
);
export type Options = z.infer<typeof OptionsSchema>;

// ---------------------------------------------------------------------------------------------
// The read shape
// ---------------------------------------------------------------------------------------------

/**
 * One level of a long paper question's 評分準則, highest first: the level's name, its marks ("7-8" or
 * "3") and what an answer at that level does. Shown before answering: the learner marks their own long
 * answer against it (a rubric describes quality, not the answer; the model answer stays on the server).
 */
export const RubricLevelSchema = z
  .object({
    level: z.string().min(1),
    marks: z.string().regex(/^[0-9]+(-[0-9]+)?$/),
    descriptor: z.string(),
  })
  .meta({ id: 'RubricLevel' });
export type RubricLevel = z.infer<typeof RubricLevelSchema>;

/**
 * A question as a learner reads it before answering (spec part 2 §3, without its key). It carries no
 * correct answer, marking scheme, explanation or note: those leave the server only in the answer's
 * reply (`AnswerResultSchema`) or in a teacher's or admin's own views (`KeyedQuestionSchema`).
 * Options come in an order of the server's choosing per learner and question; an answer names the
 * option by its text, never by its position. Free-text questions have `options: []`.
 */
export const QuestionSchema = z
  .object({
    id: z.string().min(1),
    lessonId: LessonIdSchema,
    type: QuestionTypeSchema,
    content: z.string(),
    options: OptionsSchema,
    /** A quotation from the lesson's text the question is about. */
    targetText: z.string().nullable(),
    /** The characters of targetText to highlight. */
    highlight: z.string().nullable(),
    /** Null for past-paper questions, which have no difficulty. */
    difficulty: DifficultySchema.nullable(),
    /** Word questions only. */
    characterFrequency: CharacterFrequencySchema.nullable(),
    /** Past-paper questions only: the marks it carries. */
    points: z.number().int().positive().nullable(),
    /** Long paper questions only: the levels the learner marks their answer against; else null. */
    rubric: z.array(RubricLevelSchema).nullable(),
    /**
     * The server's token for serving this question to this learner now: send it back with the answer
     * (`SubmitAnswerBody.served`). An answer pays XP only for a question served, at a human pace.
     */
    served: z.string().max(64).optional(),
  })
  .meta({ id: 'Question' });
export type Question = z.infer<typeof QuestionSchema>;

export const QuestionListSchema = z.array(QuestionSchema);
export type QuestionList = z.infer<typeof QuestionListSchema>;

/**
 * A question with its key, for those allowed to see it before answering: teachers and admins (their
 * question view, the add-question form's answer) and the error book (the learner has answered it).
 */
export const KeyedQuestionSchema = QuestionSchema.extend({
  correctAnswer: z.string(),
  explanation: z.string(),
  culturalContext: z.string().nullable(),
}).meta({ id: 'KeyedQuestion' });
export type KeyedQuestion = z.infer<typeof KeyedQuestionSchema>;

export const KeyedQuestionListSchema = z.array(KeyedQuestionSchema);
export type KeyedQuestionList = z.infer<typeof KeyedQuestionListSchema>;

// ---------------------------------------------------------------------------------------------
// The add-question form (POST /api/questions)
// ---------------------------------------------------------------------------------------------

/** The validation messages of spec part 2 §5, exactly as the form shows them. */
export const CREATE_QUESTION_MESSAGES = {
  lessonId: '請選擇課文',
  content: '請輸入題目內容',
  targetText: '請輸入目標詞語',
  correctAnswer: '請輸入正確答案',
  explanation: '請輸入解釋',
  tooFewOptions: '至少需要兩個選項',
  tooManyOptions: '最多只可有六個選項',
  answerNotAnOption: '正確答案必須是選項之一',
  difficulty: '請選擇難度',
} as const;
const M = CREATE_QUESTION_MESSAGES;

const requiredText = (message: string, max = 2000) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max);

/**
 * A question created by the add form. Blank options are dropped before the 2–6 rule is checked,
 * and the correct answer must equal one of the remaining options.
 */
export const CreateQuestionBodySchema = z
  .object({
    // A JSON number only: `true` or "1" is refused, never coerced to lesson 1.
    lessonId: z
      .number({ error: M.lessonId })
      .int({ error: M.lessonId })
      .positive({ error: M.lessonId })
      .max(INT4_MAX, { error: M.lessonId }),
    type: z.literal('word_interpretation').default('word_interpretation'),
    content: requiredText(M.content),
    targetText: requiredText(M.targetText, 200),
    correctAnswer: requiredText(M.correctAnswer, 500),
    explanation: requiredText(M.explanation),
    culturalContext: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((value) => (value ? value : null)),
    difficulty: z.enum(DIFFICULTIES, { error: M.difficulty }).default('intermediate'),
    characterFrequency: CharacterFrequencySchema.default(400),
    options: z
      .array(z.string().max(500), { error: M.tooFewOptions })
      .max(6, { error: M.tooManyOptions })
      .transform((options) => options.map((option) => option.trim()).filter((option) => option.length > 0))
      .pipe(z.array(z.string()).min(2, { error: M.tooFewOptions })),
  })
  .superRefine((question, ctx) => {
    if (question.options.length >= 2 && !question.options.includes(question.correctAnswer)) {
      ctx.addIssue({ code: 'custom', message: M.answerNotAnOption, path: ['correctAnswer'] });
    }
  });
export type CreateQuestionBody = z.infer<typeof CreateQuestionBodySchema>;
export type CreateQuestionInput = z.input<typeof CreateQuestionBodySchema>;

// ---------------------------------------------------------------------------------------------
// Question queries
// ---------------------------------------------------------------------------------------------

/** GET /api/lessons/:id/adaptive-questions. `userId` is accepted for compatibility; the server uses the session. */
export const AdaptiveQuestionsQuerySchema = z.object({
  userId: UserIdInputSchema.optional(),
  characterThreshold: positiveIntParam().default(400),
  type: QuestionTypeSchema.optional(),
  count: positiveIntParam().max(50).default(10),
});
export type AdaptiveQuestionsQuery = z.infer<typeof AdaptiveQuestionsQuerySchema>;

/** GET /api/course-questions: courseId is the node id without its "course" prefix. */
export const CourseQuestionsQuerySchema = z.object({
  lessonId: positiveIntParam(),
  courseId: positiveIntParam().default(1),
  type: QuestionTypeSchema.optional(),
  limit: positiveIntParam().max(50).default(8),
});
export type CourseQuestionsQuery = z.infer<typeof CourseQuestionsQuerySchema>;

/** The optional characterThreshold of the node calls. */
export const CharacterThresholdQuerySchema = z.object({
  characterThreshold: positiveIntParam().default(400),
});
export type CharacterThresholdQuery = z.infer<typeof CharacterThresholdQuerySchema>;
