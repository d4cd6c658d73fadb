import { describe, expect, it } from 'vitest';
import {
  LEARNERS_PER_JOB,
  learnersOfJob,
  PROJECT_LEARNER_JOB,
  PROJECT_LEARNERS_JOB,
  reminderJobMoment,
  SEND_REMINDERS_JOB,
} from './redis.ts';

describe('the learners a projection job names', () => {
  it('reads a window job of several learners', () => {
    expect(learnersOfJob(PROJECT_LEARNERS_JOB, { userIds: ['1', '22', '333'] })).toEqual(['1', '22', '333']);
  });

  it('still reads the one-learner job of earlier releases', () => {
    expect(learnersOfJob(PROJECT_LEARNER_JOB, { userId: '42' })).toEqual(['42']);
  });

  it('refuses what is not a projection job', () => {
    expect(learnersOfJob('something-else', { userIds: ['1'] })).toBeNull();
    expect(learnersOfJob(PROJECT_LEARNERS_JOB, { userIds: [] })).toBeNull();
    expect(learnersOfJob(PROJECT_LEARNERS_JOB, { userIds: ['1', 'x'] })).toBeNull();
    expect(learnersOfJob(PROJECT_LEARNERS_JOB, { userIds: [1] })).toBeNull();
    expect(learnersOfJob(PROJECT_LEARNERS_JOB, { userIds: '1' })).toBeNull();
    expect(learnersOfJob(PROJECT_LEARNERS_JOB, null)).toBeNull();
    expect(learnersOfJob(PROJECT_LEARNER_JOB, { userId: '1; drop' })).toBeNull();
    const tooMany = Array.from({ length: LEARNERS_PER_JOB + 1 }, (_, i) => String(i + 1));
    expect(learnersOfJob(PROJECT_LEARNERS_JOB, { userIds: tooMany })).toBeNull();
    expect(learnersOfJob(PROJECT_LEARNERS_JOB, { userIds: tooMany.slice(1) })).toHaveLength(LEARNERS_PER_JOB);
  });
});

describe('the moment a reminder sweep runs as of', () => {
  const now = new Date('2026-05-02T11:00:00Z');

  it('is now for the scheduler’s jobs, and the job’s `at` for a manual run', () => {
    expect(reminderJobMoment(SEND_REMINDERS_JOB, {}, now)).toBe(now);
    expect(reminderJobMoment(SEND_REMINDERS_JOB, { at: '2026-05-03T12:00:00Z' }, now)?.toISOString()).toBe(
      '2026-05-03T12:00:00.000Z',
    );
  });

  it('refuses another job or an unreadable moment', () => {
    expect(reminderJobMoment('project-learners', {}, now)).toBeNull();
    expect(reminderJobMoment(SEND_REMINDERS_JOB, { at: 'tomorrow' }, now)).toBeNull();
    expect(reminderJobMoment(SEND_REMINDERS_JOB, { at: 5 }, now)).toBeNull();
  });
});
