/**
 * Homework's client rules: status labels, Hong Kong date-time input and labels, and where each kind of
 * work is done. The server decides every status; these only show it.
 */
import type { Assignment, AssignmentStatus, AssignmentTask } from '@wenyan/contracts';

export const STATUS_LABELS: Readonly<Record<AssignmentStatus, string>> = {
  done: '已完成',
  late: '遲交',
  in_progress: '進行中',
  not_started: '未開始',
};

export const STATUS_TONES: Readonly<Record<AssignmentStatus, string>> = {
  done: 'text-jade',
  late: 'text-amber',
  in_progress: 'text-ink',
  not_started: 'text-brick',
};

const HK_OFFSET_MS = 8 * 3_600_000;

/**
 * The instant of a date and time typed in Hong Kong (UTC+8 all year), for the contract's `dueAt`.
 *
 * @example hongKongInstant('2026-12-01', '23:59') // '2026-12-01T23:59:00+08:00'
 */
export function hongKongInstant(date: string, time: string): string {
  return `${date}T${time}:00+08:00`;
}

/** The Hong Kong date and time (`YYYY-MM-DD`, `HH:MM`) of an instant, for a form's fields. */
export function hongKongFields(iso: string): { date: string; time: string } {
  const local = new Date(Date.parse(iso) + HK_OFFSET_MS).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** One formatter for every due label (making one costs far more than using one). */
let dueFormat: Intl.DateTimeFormat | undefined;

/** 「12月1日（星期二）23:59」 in Hong Kong time. */
export function dueLabel(iso: string): string {
  dueFormat ??= new Intl.DateTimeFormat('zh-HK', {
    timeZone: 'Asia/Hong_Kong',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  return dueFormat.format(new Date(iso));
}

/** Where the learner does the work. */
export function taskPath(task: AssignmentTask): string {
  switch (task.kind) {
    case 'practice':
      return `/lesson/${task.lessonId}/${task.nodeType}/roadmap`;
    case 'vocabulary':
      return task.exerciseType === 'quick_practice' ? '/vocabulary/quick-practice' : '/vocabulary';
    case 'paper':
      return '/dse-past-papers';
    case 'recitation':
      return '/memorization';
    case 'reviews':
      return '/review';
  }
}

/** The learner's open work first, by due time; finished work after it. */
export function firstDue<T extends Pick<Assignment, 'dueAt'> & { progress: { completedAt: string | null } }>(
  items: readonly T[],
): T | null {
  return items.find((a) => a.progress.completedAt === null) ?? null;
}
