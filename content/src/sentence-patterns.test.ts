/**
 * The 句式 sessions' rules (data/sentence-patterns.json): every pattern has a session; each names
 * lesson-bank items tagged sentence_pattern, without repeats, drawn from at least two texts.
 */
import { readFileSync } from 'node:fs';
import { SentencePatternIdSchema } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { lessonQuestionBanks, SentencePatternSessionsSchema } from './index.ts';

const raw = JSON.parse(readFileSync(new URL('../data/sentence-patterns.json', import.meta.url), 'utf8'));
const sessions = SentencePatternSessionsSchema.parse(raw);
const bank = new Map(Object.values(lessonQuestionBanks).flatMap((qs) => qs.map((q) => [q.id, q] as const)));

/** Fails listing every offender, so one run names them all. */
function expectNone(problems: string[]) {
  expect(problems).toEqual([]);
}

describe('the 句式 sessions', () => {
  it('has one session for each of the five patterns', () => {
    expect(sessions.map((s) => s.id).sort()).toEqual([...SentencePatternIdSchema.options].sort());
  });

  it('names only items of the lesson banks tagged sentence_pattern', () => {
    expectNone(
      sessions.flatMap((s) =>
        s.questionIds.flatMap((id) => {
          const q = bank.get(id);
          if (!q) return [`${s.id}: ${id} is in no lesson bank`];
          return q.tags?.includes('sentence_pattern')
            ? []
            : [`${s.id}: ${id} is not tagged sentence_pattern`];
        }),
      ),
    );
  });

  it('repeats no item within a session and draws each from at least two texts', () => {
    expectNone(
      sessions.flatMap((s) => {
        const problems: string[] = [];
        if (new Set(s.questionIds).size !== s.questionIds.length) problems.push(`${s.id}: an item repeats`);
        const lessons = new Set(s.questionIds.map((id) => bank.get(id)?.lessonId));
        if (lessons.size < 2) problems.push(`${s.id}: items from ${lessons.size} text(s)`);
        return problems;
      }),
    );
  });
});
