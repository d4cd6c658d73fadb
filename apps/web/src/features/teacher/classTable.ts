/**
 * The class table's rules: its columns, sorting (empty values always last), and the CSV export.
 */
import type { ClassHomework, ClassLearner } from '@wenyan/contracts';
import { dateTimeLabel, learnerName } from '../../lib/teacher-format.ts';

export type SortKey =
  | 'name'
  | 'totalXP'
  | 'level'
  | 'streakDays'
  | 'completedLessons'
  | 'accuracy'
  | 'lastActiveDate'
  | 'weakestLesson';

export type SortDirection = 'asc' | 'desc';

export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

/** The columns in order, with their headers. */
export const CLASS_COLUMNS: ReadonlyArray<{ key: SortKey; label: string; numeric: boolean }> = [
  { key: 'name', label: '學生', numeric: false },
  { key: 'totalXP', label: '總經驗值', numeric: true },
  { key: 'level', label: '等級', numeric: true },
  { key: 'streakDays', label: '連續學習', numeric: true },
  { key: 'completedLessons', label: '完成課文', numeric: true },
  { key: 'accuracy', label: '準確率', numeric: true },
  { key: 'lastActiveDate', label: '最後學習', numeric: false },
  { key: 'weakestLesson', label: '最弱課文', numeric: false },
];

/** The first click on a header: numbers and dates largest first, names A to Z. */
export function firstDirection(key: SortKey): SortDirection {
  return key === 'name' || key === 'weakestLesson' ? 'asc' : 'desc';
}

/** The sort after a click on a column header. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key !== key) return { key, direction: firstDirection(key) };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

function sortValue(learner: ClassLearner, key: SortKey): string | number | null {
  switch (key) {
    case 'name':
      return learnerName(learner);
    case 'lastActiveDate':
      return learner.lastActiveDate;
    case 'weakestLesson':
      return learner.weakestLesson ? learner.weakestLesson.accuracy : null;
    default:
      return learner[key];
  }
}

const collator = new Intl.Collator('zh-HK');

/** The learners sorted by a column; learners with no value (no answer yet) come last either way. */
export function sortLearners(learners: readonly ClassLearner[], sort: Sort): ClassLearner[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...learners].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    if (x === null || y === null) {
      if (x === y) return collator.compare(learnerName(a), learnerName(b));
      return x === null ? 1 : -1;
    }
    const order =
      typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return order * sign || collator.compare(learnerName(a), learnerName(b));
  });
}

/**
 * One CSV cell. A text starting with `=`, `+`, `-`, `@`, a tab or a carriage return would run as a
 * formula in a spreadsheet (a learner named `=HYPERLINK(...)`): it gets a leading single quote, which
 * the spreadsheet shows as text (OWASP's CSV injection advice). Numbers are the table's own figures.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The class table as CSV: a byte-order mark so spreadsheet programs read the Chinese right, CRLF lines.
 */
export function classCsv(learners: readonly ClassLearner[], homework?: ClassHomework): string {
  const header = [
    '學生',
    '用戶名稱',
    '總經驗值',
    '等級',
    '連續學習日數',
    '完成課文',
    '準確率（%）',
    '最後學習（香港時間）',
    '最弱課文',
    '最弱課文準確率（%）',
    ...(homework?.assignments ?? []).map((a) => `功課：${a.title}`),
  ];
  const rows = learners.map((l) => [
    learnerName(l),
    l.username,
    l.totalXP,
    l.level,
    l.streakDays,
    l.completedLessons,
    l.accuracy,
    l.lastActiveDate ? dateTimeLabel(l.lastActiveDate) : null,
    l.weakestLesson?.title ?? null,
    l.weakestLesson?.accuracy ?? null,
    ...homeworkCells(l.id, homework),
  ]);
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

const HOMEWORK_STATUS_WORDS = {
  done: '已完成',
  late: '遲交',
  in_progress: '進行中',
  not_started: '未開始',
} as const;

/** A learner's status on each open assignment, in the columns' order (empty when the table lacks them). */
function homeworkCells(learnerId: string, homework: ClassHomework | undefined): string[] {
  if (!homework) return [];
  const progress = homework.learners.find((l) => l.learnerId === learnerId)?.progress ?? {};
  return homework.assignments.map((a) => {
    const p = progress[a.id];
    return p ? HOMEWORK_STATUS_WORDS[p.status] : '';
  });
}

/** A file name for the export: the class name without characters file systems refuse. */
export function csvFileName(className: string): string {
  const safe = className.replace(/[\\/:*?"<>|]+/g, '-').trim() || '班別';
  return `${safe}-學生進度.csv`;
}
