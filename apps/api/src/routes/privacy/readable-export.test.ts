import type { LearnerExport } from '@wenyan/store';
import { describe, expect, it } from 'vitest';
import { hongKongIsoDay, hongKongTime, readableExportHtml } from './readable-export.ts';

const tables = {
  events: [],
  lesson_stats: [],
  completed_activities: [],
  error_questions: [],
  vocabulary_records: [],
  review_cards: [],
  review_settings: [],
  pending_answers: [],
  classes: [],
  reminder_settings: [],
  push_subscriptions: [],
  reminders_sent: [],
} satisfies LearnerExport['tables'];

describe('the readable export', () => {
  it('writes times in Hong Kong time, as people there write them', () => {
    expect(hongKongTime('2026-12-02T07:05:00.000Z')).toBe('2026年12月2日 下午3:05');
    expect(hongKongTime(null)).toBe('—');
  });

  it('dates the file by the Hong Kong day, not the UTC day', () => {
    expect(hongKongIsoDay('2026-12-01T16:30:00.000Z')).toBe('2026-12-02');
  });

  it('escapes what the learner typed and labels records in Chinese', () => {
    const html = readableExportHtml({
      exportedAt: '2026-12-01T16:30:00.000Z',
      account: { username: 'amy', first_name: '<b>小明</b>', last_name: '陳' },
      totals: { total_xp: 30, streak_days: 4 },
      view: null,
      tables: {
        ...tables,
        events: [
          {
            type: 'AnswerSubmitted',
            recorded_at: '2026-12-02T07:05:00.000Z',
            data: {
              questionId: 'q1',
              lessonId: 3,
              selectedAnswer: '<script>x</script>',
              correctAnswer: '約',
              isCorrect: false,
              pointsEarned: 0,
              pointsAvailable: 1,
            },
          },
          { type: 'SomethingNew', recorded_at: '2026-12-02T07:05:00.000Z', data: {} },
        ],
      },
    });
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('陳&lt;b&gt;小明&lt;/b&gt;');
    expect(html).toContain('2026年12月2日 下午3:05');
    expect(html).toContain('第 3 課');
    expect(html).toContain('其他紀錄');
    expect(html).toContain('我的資料（2026年12月2日）');
    expect(html).not.toContain('SomethingNew');
    expect(html).not.toContain('AnswerSubmitted');
  });
});
