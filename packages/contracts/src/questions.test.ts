import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CourseQuestionsQuerySchema,
  CREATE_QUESTION_MESSAGES,
  CreateQuestionBodySchema,
  KeyedQuestionSchema,
  OptionsSchema,
  parseOptions,
  QUESTION_TYPES,
  QuestionSchema,
} from './questions.ts';

const readQuestion = {
  id: 'l7-wi-01',
  lessonId: 7,
  type: 'word_interpretation',
  content: '「師者，所以傳道受業解惑也」中「受」的意思是：',
  options: ['接受', '通「授」，傳授', '忍受', '遭受'],
  correctAnswer: '通「授」，傳授',
  explanation: '「受」通「授」，解作傳授。',
  culturalContext: null,
  targetText: '所以傳道受業解惑也',
  highlight: '受',
  difficulty: 'intermediate',
  characterFrequency: 400,
  points: null,
  rubric: null,
};

describe('parseOptions (spec part 1 §5)', () => {
  it('keeps a list', () => {
    expect(parseOptions(['甲', '乙'])).toEqual(['甲', '乙']);
  });

  it('parses a JSON string into a list', () => {
    expect(parseOptions('["甲","乙","丙"]')).toEqual(['甲', '乙', '丙']);
  });

  it('gives an empty list for an unparseable string', () => {
    expect(parseOptions('甲,乙')).toEqual([]);
    expect(parseOptions('["甲"')).toEqual([]);
  });

  it('gives an empty list for JSON that is not a list, and for null', () => {
    expect(parseOptions('{"a":1}')).toEqual([]);
    expect(parseOptions('"甲"')).toEqual([]);
    expect(parseOptions(null)).toEqual([]);
    expect(parseOptions(undefined)).toEqual([]);
  });

  it('turns items into strings', () => {
    expect(parseOptions('[1, 2]')).toEqual(['1', '2']);
  });

  it('round-trips any list of strings through JSON', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (options) => {
        expect(parseOptions(JSON.stringify(options))).toEqual(options);
      }),
    );
  });

  it('never throws, whatever the string', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(Array.isArray(parseOptions(text))).toBe(true);
      }),
    );
  });
});

describe('the options schema', () => {
  it('yields a list from a list, a JSON string, an unparseable string or null', () => {
    expect(OptionsSchema.parse(['甲'])).toEqual(['甲']);
    expect(OptionsSchema.parse('["甲","乙"]')).toEqual(['甲', '乙']);
    expect(OptionsSchema.parse('not json')).toEqual([]);
    expect(OptionsSchema.parse(null)).toEqual([]);
  });

  it('encodes a list as itself (so the server can serialize with it)', () => {
    expect(z.encode(OptionsSchema, ['甲', '乙'])).toEqual(['甲', '乙']);
  });
});

describe('the read question', () => {
  it('accepts the spec part 2 §3 shape without its key, which a learner reads only in the answer', () => {
    const { correctAnswer, explanation, culturalContext, ...unkeyed } = readQuestion;
    expect(QuestionSchema.parse(readQuestion)).toEqual(unkeyed);
    expect(Object.keys(QuestionSchema.parse(readQuestion))).not.toContain('correctAnswer');
    expect(KeyedQuestionSchema.parse(readQuestion)).toEqual(readQuestion);
  });

  it('parses options sent as a JSON string', () => {
    const question = QuestionSchema.parse({ ...readQuestion, options: JSON.stringify(readQuestion.options) });
    expect(question.options).toEqual(readQuestion.options);
  });

  it('accepts a past-paper question (no difficulty, with points)', () => {
    const paper = { ...readQuestion, type: 'long_question', options: null, difficulty: null, points: 8 };
    expect(QuestionSchema.parse(paper).options).toEqual([]);
  });

  it('rejects an unknown type and a numeric id', () => {
    expect(QuestionSchema.safeParse({ ...readQuestion, type: 'riddle' }).success).toBe(false);
    expect(QuestionSchema.safeParse({ ...readQuestion, id: 1 }).success).toBe(false);
  });
});

describe('question types', () => {
  it('cover every type named in both spec parts', () => {
    const named = [
      'word_interpretation',
      'sentence_translation',
      'theme_understanding',
      'cultural_knowledge',
      'writing_techniques',
      'recitation_assessment',
      'fill_in_blank',
      'short_answer',
      'recitation',
      'multiple_choice',
      'interpretation',
      'analysis',
      'translation',
      'essay',
      'reading_comprehension',
      'sentence_memorization',
      'sentence_recitation',
      'vocab_translation',
      'writing_technique',
      'theme',
      'writing',
    ];
    for (const type of named) expect(QUESTION_TYPES).toContain(type);
  });
});

describe('the add-question form (spec part 2 §5)', () => {
  const valid = {
    lessonId: 7,
    content: '「師者，所以傳道受業解惑也」中「受」的意思是：',
    targetText: '受',
    correctAnswer: '傳授',
    explanation: '「受」通「授」。',
    options: ['接受', '傳授', '忍受', '遭受'],
  };
  const messagesOf = (input: unknown) =>
    CreateQuestionBodySchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

  it('accepts a valid question and fills the defaults', () => {
    const question = CreateQuestionBodySchema.parse(valid);
    expect(question.type).toBe('word_interpretation');
    expect(question.difficulty).toBe('intermediate');
    expect(question.characterFrequency).toBe(400);
    expect(question.culturalContext).toBeNull();
  });

  it.each([
    ['lessonId', CREATE_QUESTION_MESSAGES.lessonId],
    ['content', '請輸入題目內容'],
    ['targetText', '請輸入目標詞語'],
    ['correctAnswer', '請輸入正確答案'],
    ['explanation', '請輸入解釋'],
  ] as const)('says %s is required with the spec message', (field, message) => {
    expect(messagesOf({ ...valid, [field]: undefined })).toContain(message);
    expect(messagesOf({ ...valid, [field]: field === 'lessonId' ? '' : '   ' })).toContain(message);
  });

  it('says 請選擇課文 for a lesson id that is not a positive integer', () => {
    expect(messagesOf({ ...valid, lessonId: 0 })).toEqual(['請選擇課文']);
    expect(messagesOf({ ...valid, lessonId: 'abc' })).toEqual(['請選擇課文']);
  });

  it('drops blank options before requiring two', () => {
    expect(messagesOf({ ...valid, options: ['傳授', ' ', ''] })).toEqual(['至少需要兩個選項']);
    expect(CreateQuestionBodySchema.parse({ ...valid, options: [' 傳授 ', '', '接受'] }).options).toEqual([
      '傳授',
      '接受',
    ]);
  });

  it('says 至少需要兩個選項 when options are missing', () => {
    expect(messagesOf({ ...valid, options: undefined })).toContain('至少需要兩個選項');
  });

  it('allows at most six option inputs', () => {
    expect(
      CreateQuestionBodySchema.safeParse({ ...valid, options: ['傳授', 'b', 'c', 'd', 'e', 'f'] }).success,
    ).toBe(true);
    expect(messagesOf({ ...valid, options: ['傳授', 'b', 'c', 'd', 'e', 'f', 'g'] })).toEqual([
      CREATE_QUESTION_MESSAGES.tooManyOptions,
    ]);
  });

  it('says 正確答案必須是選項之一 when the answer is not an option', () => {
    const result = CreateQuestionBodySchema.safeParse({ ...valid, correctAnswer: '教導' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: '正確答案必須是選項之一', path: ['correctAnswer'] }),
    ]);
  });

  it('compares the trimmed answer with the trimmed options', () => {
    expect(
      CreateQuestionBodySchema.safeParse({ ...valid, correctAnswer: ' 傳授 ', options: ['傳授 ', '接受'] })
        .success,
    ).toBe(true);
  });

  it('accepts only the three difficulties and the 200/400/900 frequencies', () => {
    expect(
      CreateQuestionBodySchema.safeParse({ ...valid, difficulty: 'advanced', characterFrequency: 900 })
        .success,
    ).toBe(true);
    expect(messagesOf({ ...valid, difficulty: 'hard' })).toEqual([CREATE_QUESTION_MESSAGES.difficulty]);
    expect(CreateQuestionBodySchema.safeParse({ ...valid, characterFrequency: 300 }).success).toBe(false);
  });

  it('accepts only the word_interpretation type', () => {
    expect(CreateQuestionBodySchema.safeParse({ ...valid, type: 'essay' }).success).toBe(false);
  });
});

describe('course questions query', () => {
  it('defaults courseId to 1 and limit to 8, coercing strings', () => {
    expect(CourseQuestionsQuerySchema.parse({ lessonId: '3' })).toEqual({
      lessonId: 3,
      courseId: 1,
      limit: 8,
    });
  });
});
