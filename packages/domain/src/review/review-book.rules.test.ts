import { describe, expect, it } from 'vitest';
import type { LearnerEvent } from '../learner/events.ts';
import {
  type ExamPlanRecord,
  foldReviewLedger,
  initialReviewBook,
  initialReviewLedger,
  ledgerDueMsUnder,
  planInForce,
  reviewBookOf,
  reviewedOn,
  reviewLedgerOf,
} from './review-book.ts';
import { DEFAULT_TARGET_RECALL } from './scheduler.ts';

const NOW = '2026-11-25T17:00:00Z'; // 26 November 2026 in Hong Kong

describe('the plan in force', () => {
  it('keeps a date the learner set themselves, whatever the defaults say', () => {
    const own: ExamPlanRecord = {
      examDate: '2027-05-01',
      targetRecall: 0.85,
      source: 'learner',
      examYear: null,
    };
    expect(planInForce(own, { 2027: '2027-04-20' }, NOW)).toBe(own);
  });
  it('follows the school year’s default for the year the learner chose, at the recorded target', () => {
    const chosen: ExamPlanRecord = {
      examDate: '2028-04-13',
      targetRecall: 0.8,
      source: 'school_year_default',
      examYear: 2028,
    };
    // An administrator's date for that year replaces the built-in one.
    expect(planInForce(chosen, { 2028: '2028-04-18' }, NOW)).toEqual({ ...chosen, examDate: '2028-04-18' });
  });
  it('is the coming exam at the default target with no plan recorded', () => {
    expect(planInForce(null, undefined, NOW)).toEqual({
      examDate: '2027-04-08',
      targetRecall: DEFAULT_TARGET_RECALL,
      source: 'school_year_default',
      examYear: null,
    });
  });
});

describe('reviews done today', () => {
  const at = Date.parse(NOW);
  it('counts the day’s reviews only on that Hong Kong day', () => {
    const book = { today: { day: '2026-11-26', reviewed: 4 } };
    expect(reviewedOn(book, at)).toBe(4);
    expect(reviewedOn(book, at + 24 * 60 * 60 * 1000)).toBe(0);
    expect(reviewedOn({ today: null }, at)).toBe(0);
  });
});

describe('a review book or ledger read from a view or state', () => {
  it('is the initial one for a holder folded before reviews existed', () => {
    expect(reviewBookOf({})).toBe(initialReviewBook);
    expect(reviewLedgerOf({})).toBe(initialReviewLedger);
    // A ledger from before cards were kept by lesson (no memory) is read as the initial one too.
    expect(reviewLedgerOf({ reviews: { ...initialReviewLedger, memory: undefined } as never })).toBe(
      initialReviewLedger,
    );
  });
  it('records the review settings a learner changes', () => {
    const changed = {
      type: 'ReviewSettingsChanged',
      schemaVersion: 1,
      data: { dailyGoal: 35, guideCompleted: true, at: NOW },
    } as unknown as LearnerEvent;
    expect(foldReviewLedger(initialReviewLedger, changed)).toMatchObject({
      dailyGoal: 35,
      guideCompleted: true,
    });
  });
});

describe('a question the ledger has no card of', () => {
  it('has no due time under any plan', () => {
    expect(ledgerDueMsUnder(initialReviewLedger, 1, 'q-never-answered', null)).toBeUndefined();
    const plan = { examDate: '2027-04-08', targetRecall: DEFAULT_TARGET_RECALL };
    expect(ledgerDueMsUnder(initialReviewLedger, 1, 'q-never-answered', plan)).toBeUndefined();
  });
});
