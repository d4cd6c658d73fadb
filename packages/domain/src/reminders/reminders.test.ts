import { describe, expect, it } from 'vitest';
import { hongKongHour } from '../time/hong-kong.ts';
import { decideReminder, REMINDER_DEFAULT_HOUR, type ReminderFacts, streakAtRisk } from './reminders.ts';

/** 19:30 in Hong Kong on 2 May 2024. */
const EVENING = '2024-05-02T11:30:00Z';
/** 08:00 in Hong Kong on 2 May 2024. */
const MORNING = '2024-05-02T00:00:00Z';

const given = (facts: Partial<ReminderFacts> = {}): ReminderFacts => ({
  enabled: true,
  hour: REMINDER_DEFAULT_HOUR,
  lastSentDay: null,
  dueCount: 0,
  streakDays: 0,
  lastActiveDate: null,
  ...facts,
});

describe('hongKongHour', () => {
  it('is the UTC hour shifted by eight hours', () => {
    expect(hongKongHour('2024-05-02T11:30:00Z')).toBe(19);
    expect(hongKongHour('2024-05-02T16:00:00Z')).toBe(0);
    expect(hongKongHour('2024-05-02T15:59:59Z')).toBe(23);
  });
});

describe('decideReminder', () => {
  describe('when the learner has not opted in', () => {
    it('sends nothing, whatever is due', () => {
      expect(decideReminder(given({ enabled: false, dueCount: 12 }), EVENING)).toEqual({
        send: false,
        reason: 'not_opted_in',
      });
    });
  });

  describe('when reviews are due', () => {
    it('says how many, from the chosen hour on', () => {
      const decision = decideReminder(given({ dueCount: 12 }), EVENING);
      expect(decision).toMatchObject({
        send: true,
        day: '2024-05-02',
        message: { kind: 'due', dueCount: 12, title: '今日複習', url: '/review' },
      });
      expect(decision.send && decision.message.body).toBe('今日有 12 張卡要複習，花幾分鐘溫習吧！');
    });

    it('waits for the chosen hour in Hong Kong time, not UTC', () => {
      expect(decideReminder(given({ dueCount: 3 }), MORNING)).toEqual({ send: false, reason: 'before_hour' });
      // 08:00 in Hong Kong: a learner who chose 07:00 gets it.
      expect(decideReminder(given({ dueCount: 3, hour: 7 }), MORNING).send).toBe(true);
      // 18:59:59 is still before 19:00.
      expect(decideReminder(given({ dueCount: 3 }), '2024-05-02T10:59:59Z').send).toBe(false);
      expect(decideReminder(given({ dueCount: 3 }), '2024-05-02T11:00:00Z').send).toBe(true);
    });

    it('still sends later that evening if the sweep came late', () => {
      expect(decideReminder(given({ dueCount: 3 }), '2024-05-02T15:45:00Z').send).toBe(true);
    });
  });

  describe('when the streak is at risk', () => {
    const yesterday = given({ streakDays: 6, lastActiveDate: '2024-05-01' });

    it('reminds the learner that today keeps it alive', () => {
      const decision = decideReminder(yesterday, EVENING);
      expect(decision).toMatchObject({ send: true, message: { kind: 'streak', streakDays: 6 } });
      expect(decision.send && decision.message.body).toBe(
        '你已連續學習 6 日，今日仍未練習，記得在午夜前完成一題！',
      );
    });

    it('says both when reviews are due too', () => {
      const decision = decideReminder({ ...yesterday, dueCount: 4 }, EVENING);
      expect(decision).toMatchObject({ send: true, message: { kind: 'due_and_streak' } });
      expect(decision.send && decision.message.body).toBe(
        '今日有 4 張卡要複習；你已連續學習 6 日，今日仍未練習。',
      );
    });

    it('reads the last active day as a Hong Kong day, also from an ISO time', () => {
      // 23:30 on 1 May in Hong Kong is yesterday for the evening of 2 May.
      expect(streakAtRisk(6, '2024-05-01T15:30:00Z', EVENING)).toBe(true);
      // 00:30 on 2 May in Hong Kong is today: practised already.
      expect(streakAtRisk(6, '2024-05-01T16:30:00Z', EVENING)).toBe(false);
    });
  });

  describe('when there is nothing to say', () => {
    it.each<[string, Partial<ReminderFacts>]>([
      [
        'to a learner who practised today and has nothing due',
        { streakDays: 6, lastActiveDate: '2024-05-02' },
      ],
      [
        'for a streak already broken (no activity yesterday or today)',
        { streakDays: 6, lastActiveDate: '2024-04-29' },
      ],
      ['to a learner who never started', {}],
    ])('sends nothing %s', (_who, facts) => {
      expect(decideReminder(given(facts), EVENING)).toEqual({ send: false, reason: 'nothing_to_say' });
    });
  });

  describe('once a day', () => {
    it('sends nothing more on a day a reminder went', () => {
      expect(decideReminder(given({ dueCount: 5, lastSentDay: '2024-05-02' }), EVENING)).toEqual({
        send: false,
        reason: 'already_sent',
      });
    });

    it('sends again the next Hong Kong day', () => {
      const decision = decideReminder(given({ dueCount: 5, lastSentDay: '2024-05-01' }), EVENING);
      expect(decision).toMatchObject({ send: true, day: '2024-05-02' });
    });

    it('counts the day in Hong Kong: 00:30 there is a new day though UTC is still on the old one', () => {
      const decision = decideReminder(
        given({ dueCount: 5, hour: 0, lastSentDay: '2024-05-02' }),
        '2024-05-02T16:30:00Z',
      );
      expect(decision).toMatchObject({ send: true, day: '2024-05-03' });
    });
  });
});
