import { describe, expect, it } from 'vitest';
import {
  CalendarDateSchema,
  DueReviewsQuerySchema,
  ExamYearParamsSchema,
  KNOWLEDGE_TAG_LABELS,
  KNOWLEDGE_TAGS,
  ReviewSessionQuerySchema,
  SetExamDateBodySchema,
  UpdateReviewSettingsBodySchema,
} from './reviews.ts';

const ok = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('calendar dates', () => {
  it('accepts a date that exists', () => {
    expect(ok(CalendarDateSchema, '2027-04-08')).toBe(true);
    expect(ok(CalendarDateSchema, '2028-02-29')).toBe(true);
  });

  it.each(['2027-02-30', '2027-4-8', '08/04/2027', '2027-04-08T00:00:00Z', ''])('refuses %j', (value) => {
    expect(ok(CalendarDateSchema, value)).toBe(false);
  });
});

describe('the exam date body', () => {
  it('takes a date and an optional target recall between 0.7 and 0.97', () => {
    expect(SetExamDateBodySchema.parse({ examDate: '2027-04-08' })).toEqual({ examDate: '2027-04-08' });
    expect(ok(SetExamDateBodySchema, { examDate: '2027-04-08', targetRecall: 0.85 })).toBe(true);
    expect(ok(SetExamDateBodySchema, { examDate: '2027-04-08', targetRecall: 0.5 })).toBe(false);
    expect(ok(SetExamDateBodySchema, { examDate: '2027-04-08', targetRecall: 1 })).toBe(false);
  });

  it('names the field of a date that does not exist', () => {
    const result = SetExamDateBodySchema.safeParse({ examDate: '2027-13-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['examDate']);
  });
});

describe('the review settings body', () => {
  it('needs at least one setting', () => {
    expect(ok(UpdateReviewSettingsBodySchema, {})).toBe(false);
    expect(ok(UpdateReviewSettingsBodySchema, { guideCompleted: true })).toBe(true);
  });

  it('bounds the daily goal to 5–200 whole cards', () => {
    expect(ok(UpdateReviewSettingsBodySchema, { dailyGoal: 4 })).toBe(false);
    expect(ok(UpdateReviewSettingsBodySchema, { dailyGoal: 201 })).toBe(false);
    expect(ok(UpdateReviewSettingsBodySchema, { dailyGoal: 12.5 })).toBe(false);
    expect(ok(UpdateReviewSettingsBodySchema, { dailyGoal: 30, examYear: 2027 })).toBe(true);
  });
});

describe('review queries', () => {
  it('lists today by default, 50 at a time, and 0 asks for the counts only', () => {
    expect(DueReviewsQuerySchema.parse({})).toEqual({ due: 'today', limit: 50 });
    expect(DueReviewsQuerySchema.parse({ limit: '0' }).limit).toBe(0);
    expect(ok(DueReviewsQuerySchema, { due: 'tomorrow' })).toBe(false);
  });

  it('draws due cards by default, and knows the nine kinds of knowledge', () => {
    expect(ReviewSessionQuerySchema.parse({})).toEqual({ mode: 'due', limit: 20 });
    expect(ReviewSessionQuerySchema.parse({ mode: 'tag', tag: 'loan_character' }).tag).toBe('loan_character');
    expect(ok(ReviewSessionQuerySchema, { mode: 'tag', tag: 'grammar' })).toBe(false);
  });

  it('reads an exam year from the path', () => {
    expect(ExamYearParamsSchema.parse({ year: '2027' })).toEqual({ year: 2027 });
    expect(ok(ExamYearParamsSchema, { year: '1999' })).toBe(false);
  });
});

describe('knowledge tags', () => {
  it('label every tag in Traditional Chinese', () => {
    expect(Object.keys(KNOWLEDGE_TAG_LABELS).sort()).toEqual([...KNOWLEDGE_TAGS].sort());
    expect(KNOWLEDGE_TAG_LABELS.loan_character).toBe('通假字');
  });
});
