import type { ClassLearner, LearnerEvent } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { dayLabel, learnerName, percentLabel, timeLabel } from '../../lib/teacher-format.ts';
import { classCsv, csvCell, csvFileName, nextSort, sortLearners } from './classTable.ts';
import { chartSeries, eventAt, filterEvents, groupByDay, kindOf, lessonsIn } from './timeline.ts';

const learner = (id: string, over: Partial<ClassLearner> = {}): ClassLearner => ({
  id,
  username: `user${id}`,
  firstName: null,
  lastName: null,
  totalXP: 0,
  level: 1,
  streakDays: 0,
  completedLessons: 0,
  accuracy: null,
  lastActiveDate: null,
  weakestLesson: null,
  answersBeyondPace: 0,
  flagged: false,
  flags: [],
  ...over,
});

const event = (
  version: number,
  type: string,
  at: string,
  data: Record<string, unknown> = {},
): LearnerEvent => ({
  version,
  type,
  recordedAt: at,
  summary: type,
  data: { ...data, at },
  stateAfter: { totalXP: version * 10, level: 1, streakDays: 1, accuracy: version > 1 ? 50 : null },
});

describe('the class table', () => {
  const rows = [
    learner('1', { firstName: '大文', lastName: '陳', totalXP: 300, accuracy: 80 }),
    learner('2', { firstName: '李', lastName: '小明', totalXP: 900, accuracy: null }),
    learner('3', { totalXP: 300, accuracy: 95, lastActiveDate: '2025-03-01T06:00:00.000Z' }),
  ];

  it('sorts numbers largest first on the first click, then the other way', () => {
    const byXp = nextSort({ key: 'name', direction: 'asc' }, 'totalXP');
    expect(byXp).toEqual({ key: 'totalXP', direction: 'desc' });
    expect(sortLearners(rows, byXp).map((r) => r.id)).toEqual(['2', '1', '3']);
    expect(sortLearners(rows, nextSort(byXp, 'totalXP')).map((r) => r.id)).toEqual(['1', '3', '2']);
  });

  it('puts learners with no accuracy yet last in both directions', () => {
    expect(sortLearners(rows, { key: 'accuracy', direction: 'desc' }).map((r) => r.id)).toEqual([
      '3',
      '1',
      '2',
    ]);
    expect(sortLearners(rows, { key: 'accuracy', direction: 'asc' }).map((r) => r.id)).toEqual([
      '1',
      '3',
      '2',
    ]);
  });

  it('names a learner by name, else by username', () => {
    expect(learnerName(rows[0]!)).toBe('陳大文');
    expect(learnerName(rows[2]!)).toBe('user3');
  });

  it('exports CSV with a byte-order mark, quoted cells and Hong Kong times', () => {
    const csv = classCsv([
      learner('9', {
        firstName: '張, "三"',
        accuracy: 72.5,
        lastActiveDate: '2025-03-01T06:05:00.000Z',
        weakestLesson: { lessonId: 7, title: '師說', accuracy: 40 },
      }),
    ]);
    expect(csv.startsWith('\uFEFF學生,用戶名稱,總經驗值')).toBe(true);
    expect(csv).toContain('"張, ""三""",user9,0,1,0,0,72.5,2025年3月1日 14:05,師說,40\r\n');
    expect(csvFileName('中五/甲班')).toBe('中五-甲班-學生進度.csv');
  });

  it('exports a name that looks like a formula as text: a leading quote, still UTF-8 with BOM', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
    }
    expect(csvCell('=HYPERLINK("http://x.example","按我")')).toBe(
      '"\'=HYPERLINK(""http://x.example"",""按我"")"',
    );
    expect(csvCell('陳大文')).toBe('陳大文');
    expect(csvCell(-5)).toBe('-5');
    const csv = classCsv([learner('9', { firstName: "=cmd|' /C calc'!A0", lastName: null })]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain("\r\n'=cmd|' /C calc'!A0,user9,");
  });

  it('exports each learner’s status on each assignment in the class CSV', () => {
    const homework = {
      hideGlobalLeaderboard: false,
      assignments: [
        {
          id: 'a1',
          classId: '1',
          title: '師說 詞解',
          task: { kind: 'reviews' as const, count: 5 },
          description: '作答 5 題',
          dueAt: '2026-12-01T15:59:00.000Z',
          setAt: '2026-11-25T00:00:00.000Z',
          withdrawnAt: null,
        },
      ],
      learners: [
        {
          learnerId: '1',
          progress: { a1: { status: 'late' as const, done: 5, needed: 5, completedAt: null } },
        },
        {
          learnerId: '2',
          progress: { a1: { status: 'not_started' as const, done: 0, needed: 5, completedAt: null } },
        },
      ],
    };
    const csv = classCsv([learner('1'), learner('2')], homework);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]!.endsWith(',功課：師說 詞解')).toBe(true);
    expect(lines[1]!.endsWith(',遲交')).toBe(true);
    expect(lines[2]!.endsWith(',未開始')).toBe(true);
  });
});

describe('the replay timeline', () => {
  const events = [
    event(1, 'DailySignedIn', '2025-03-01T15:30:00.000Z'),
    event(2, 'AnswerSubmitted', '2025-03-01T15:31:00.000Z', { lessonId: 7 }),
    event(3, 'XpAwarded', '2025-03-01T16:10:00.000Z', { lessonId: 7 }),
    event(4, 'AnswerSubmitted', '2025-03-02T01:00:00.000Z', { lessonId: 2 }),
    event(5, 'ErrorQuestionMastered', '2025-03-02T01:05:00.000Z'),
  ];

  it('groups events by Hong Kong day (UTC+8), in stream order', () => {
    const groups = groupByDay(events);
    expect(groups.map((g) => [g.day, g.events.map((e) => e.version)])).toEqual([
      ['2025-03-01', [1, 2]],
      ['2025-03-02', [3, 4, 5]],
    ]);
    expect(dayLabel('2025-03-02')).toBe('2025年3月2日（星期日）');
    expect(timeLabel('2025-03-01T16:10:00.000Z')).toBe('00:10');
  });

  it('filters by kind and by lesson', () => {
    const answers = filterEvents(events, { kinds: new Set(['answers']), lessonId: null });
    expect(answers.map((e) => e.version)).toEqual([2, 4]);
    const lesson7 = filterEvents(events, { kinds: new Set(), lessonId: 7 });
    expect(lesson7.map((e) => e.version)).toEqual([2, 3]);
    expect(lessonsIn(events)).toEqual([2, 7]);
    expect(kindOf('StreakReset')).toBe('streak');
    expect(kindOf('ErrorNoteSaved')).toBe('errors');
  });

  it('finds the event at a version and thins the chart to its budget, keeping the last point', () => {
    expect(eventAt(events, 0)).toBeNull();
    expect(eventAt(events, 3)?.version).toBe(3);
    expect(eventAt(events, 99)?.version).toBe(5);
    const many = Array.from({ length: 1000 }, (_, i) =>
      event(i + 1, 'XpAwarded', '2025-03-01T00:00:00.000Z'),
    );
    const series = chartSeries(many, 100);
    expect(series).toHaveLength(100);
    expect(series.at(-1)).toEqual({ version: 1000, totalXP: 10_000, accuracy: 50 });
    expect(chartSeries(events)).toHaveLength(5);
  });

  it('writes percentages with at most one decimal, and a dash for none', () => {
    expect(percentLabel(null)).toBe('—');
    expect(percentLabel(80)).toBe('80%');
    expect(percentLabel(72.25)).toBe('72.3%');
  });
});
