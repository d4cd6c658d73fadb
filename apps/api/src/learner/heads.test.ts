/**
 * The process's memory of learner heads (`createLearnerHeads`): what it tells the cluster's other
 * processes after an append, and what it keeps of what they tell it.
 */
import { initialLearnerState, type LearnerState } from '@wenyan/domain';
import { describe, expect, it } from 'vitest';
import { createLearnerHeads } from './commands.ts';

const stateWithXp = (totalXP: number): LearnerState => ({ ...initialLearnerState, totalXP });

describe('learner heads', () => {
  it('tells each appended head, with the stored snapshot, to the other processes', () => {
    const told: [string, number, string][] = [];
    const heads = createLearnerHeads(10, (...head) => told.push(head))!;
    const state = stateWithXp(10);
    heads.set('learner-1', { state, version: 3 }, JSON.stringify(state));
    expect(told).toEqual([['learner-1', 3, JSON.stringify(state)]]);
    expect(heads.get('learner-1')).toEqual({ state, version: 3 });
  });

  it("decides from a head another process appended, parsed from that process's snapshot", () => {
    const heads = createLearnerHeads(10)!;
    heads.set('learner-1', { state: stateWithXp(10), version: 3 }, '{}');
    heads.hear('learner-1', 4, JSON.stringify(stateWithXp(20)));
    expect(heads.get('learner-1')).toEqual({ state: stateWithXp(20), version: 4 });
    heads.hear('learner-2', 1, JSON.stringify(stateWithXp(5)));
    expect(heads.get('learner-2')).toEqual({ state: stateWithXp(5), version: 1 });
  });

  it('never goes back to an older version than the one it holds', () => {
    const heads = createLearnerHeads(10)!;
    heads.set('learner-1', { state: stateWithXp(30), version: 6 }, '{}');
    // Another process's message about version 5 arrives late.
    heads.hear('learner-1', 5, JSON.stringify(stateWithXp(20)));
    heads.hear('learner-1', 6, JSON.stringify(stateWithXp(99)));
    expect(heads.get('learner-1')).toEqual({ state: stateWithXp(30), version: 6 });
  });

  it('forgets a head a command found stale, and remembers nothing when its size is 0', () => {
    const heads = createLearnerHeads(10)!;
    heads.hear('learner-1', 2, JSON.stringify(stateWithXp(20)));
    heads.delete('learner-1');
    expect(heads.get('learner-1')).toBeUndefined();
    expect(createLearnerHeads(0)).toBeUndefined();
  });
});
