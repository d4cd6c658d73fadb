/**
 * The process's memory of learner heads (`createLearnerHeads`): what it tells the cluster's other
 * processes after an append, what it keeps of what they tell it, and its bound in bytes.
 */
import {
  initialLearnerState,
  type LearnerState,
  questionPartKey,
  stateCore,
  statePart,
  withStateParts,
} from '@wenyan/domain';
import type { StoredHead } from '@wenyan/store';
import { describe, expect, it } from 'vitest';
import { createLearnerHeads } from './commands.ts';

const stateWithXp = (totalXP: number): LearnerState => ({ ...initialLearnerState, totalXP });
const stored = (
  state: LearnerState,
  fromVersion: number,
  parts: Record<string, unknown> = {},
): StoredHead => ({
  snapshotJson: JSON.stringify(stateCore(state)),
  partsJson: JSON.stringify(
    Object.entries(parts)
      .map(([key, value]) => [key, value])
      .map(([key, value]) => ({ key, value })),
  ),
  fromVersion,
});
const MB = 1024 * 1024;
const part = (lesson: string) => ({ l: { [lesson]: { a: 1, c: 1 } } });

describe('learner heads', () => {
  it('tells each appended head, with the stored snapshot and parts, to the other processes', () => {
    const told: [string, number, StoredHead][] = [];
    const heads = createLearnerHeads(MB, (...head) => told.push(head))!;
    const state = stateWithXp(10);
    heads.set('learner-1', { state, version: 3, known: 'all' }, stored(state, 2));
    expect(told).toEqual([['learner-1', 3, stored(state, 2)]]);
    expect(heads.get('learner-1')).toEqual({ state, version: 3, known: 'all' });
  });

  it('decides from a head another process appended, keeping what it held when the append follows on from it', () => {
    const heads = createLearnerHeads(MB)!;
    const q1 = questionPartKey('q1');
    const q2 = questionPartKey('q2');
    const before = withStateParts(stateWithXp(10), { [q1]: part('1') });
    heads.set('learner-1', { state: before, version: 3, known: 'all' }, stored(before, 2));
    heads.hear('learner-1', 4, stored(stateWithXp(20), 3, { [q2]: part('2') }));
    const after = heads.get('learner-1')!;
    expect(after.version).toBe(4);
    expect(after.known).toBe('all');
    expect(after.state.totalXP).toBe(20);
    expect(statePart(after.state, q1)).toEqual(part('1'));
    expect(statePart(after.state, q2)).toEqual(part('2'));
    // A gap (version 5 missed): only the parts the heard append wrote are known.
    heads.hear('learner-1', 7, stored(stateWithXp(30), 6, { [q2]: part('3') }));
    const gap = heads.get('learner-1')!;
    expect(gap.known).toEqual(new Set([q2]));
    expect(statePart(gap.state, q1)).toBeUndefined();
    expect(statePart(gap.state, q2)).toEqual(part('3'));
  });

  it("holds every part of a new learner's stream heard from its first append on", () => {
    const heads = createLearnerHeads(MB)!;
    const q1 = questionPartKey('q1');
    heads.hear('learner-1', 3, stored(stateWithXp(5), 0, { [q1]: part('1') }));
    const held = heads.get('learner-1')!;
    expect(held.known).toBe('all');
    expect(statePart(held.state, q1)).toEqual(part('1'));
    // Heard midway through a stream never seen here: only the parts written are known.
    heads.hear('learner-2', 9, stored(stateWithXp(5), 8, { [q1]: part('1') }));
    expect(heads.get('learner-2')?.known).toEqual(new Set([q1]));
  });

  it('never goes back to an older version than the one it holds', () => {
    const heads = createLearnerHeads(MB)!;
    heads.set('learner-1', { state: stateWithXp(30), version: 6, known: 'all' }, stored(stateWithXp(30), 5));
    // Another process's message about version 5 arrives late.
    heads.hear('learner-1', 5, stored(stateWithXp(20), 4));
    heads.hear('learner-1', 6, stored(stateWithXp(99), 5));
    expect(heads.get('learner-1')).toMatchObject({ state: stateWithXp(30), version: 6 });
  });

  it('forgets a head a command found stale, and remembers nothing when its size is 0', () => {
    const heads = createLearnerHeads(MB)!;
    heads.hear('learner-1', 2, stored(stateWithXp(20), 1));
    heads.delete('learner-1');
    expect(heads.get('learner-1')).toBeUndefined();
    expect(createLearnerHeads(0)).toBeUndefined();
  });

  it('holds as many heads as its megabytes allow, the least recently used going first', () => {
    // A head of about 200 parts counts about 80 KB: a megabyte holds a dozen of them.
    const parts = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [questionPartKey(`q${i}`), part('1')]),
    );
    const state = withStateParts(stateWithXp(1), parts);
    const heads = createLearnerHeads(MB)!;
    for (let i = 0; i < 100; i++)
      heads.set(`learner-${i}`, { state, version: 1, known: 'all' }, stored(state, 0));
    const held = Array.from({ length: 100 }, (_, i) => heads.get(`learner-${i}`)).filter(Boolean).length;
    expect(held).toBeGreaterThan(5);
    expect(held).toBeLessThan(20);
    expect(heads.get('learner-99')).toBeDefined();
    expect(heads.get('learner-0')).toBeUndefined();
  });
});
