/**
 * The replay's timeline: event kinds a teacher filters by, grouping by Hong Kong day, and the series
 * of the small XP and accuracy chart. Pure functions of the events the API sent.
 */
import type { LearnerEvent } from '@wenyan/contracts';
import { hongKongDate } from '@wenyan/domain';

/** The kinds of events a teacher filters by, with the event types each covers. */
export const EVENT_KINDS = [
  { id: 'answers', label: '作答', types: ['AnswerSubmitted', 'AnswerTeacherMarked'] },
  {
    id: 'appeals',
    label: '申訴',
    types: ['AnswerAppealed', 'AppealDeclined', 'AnswerRemarked', 'AnswerRemarkedOnRevert'],
  },
  { id: 'xp', label: '經驗值', types: ['XpAwarded'] },
  { id: 'streak', label: '連續學習', types: ['DailySignedIn', 'StreakExtended', 'StreakReset'] },
  {
    id: 'progress',
    label: '完成練習',
    types: [
      'NodeCompleted',
      'LessonCompleted',
      'UnitCompleted',
      'VocabularyExerciseCompleted',
      'RecitationFinished',
    ],
  },
  { id: 'errors', label: '錯題簿', types: ['ErrorNoteSaved', 'ErrorQuestionMastered'] },
  { id: 'profile', label: '個人資料', types: ['SchoolNameChanged'] },
] as const;

export type EventKind = (typeof EVENT_KINDS)[number]['id'];

/** The kind of an event type (`profile` for a type this client does not know yet). */
export function kindOf(type: string): EventKind {
  return EVENT_KINDS.find((k) => (k.types as readonly string[]).includes(type))?.id ?? 'profile';
}

/** The lesson an event is about, if any. */
export function lessonOf(event: LearnerEvent): number | null {
  const id = event.data.lessonId;
  return typeof id === 'number' ? id : null;
}

export interface TimelineFilter {
  /** Kinds shown; empty shows every kind. */
  kinds: ReadonlySet<EventKind>;
  /** Only events about this lesson, or every event. */
  lessonId: number | null;
}

export function filterEvents(events: readonly LearnerEvent[], filter: TimelineFilter): LearnerEvent[] {
  return events.filter(
    (e) =>
      (filter.kinds.size === 0 || filter.kinds.has(kindOf(e.type))) &&
      (filter.lessonId === null || lessonOf(e) === filter.lessonId),
  );
}

/** The lessons the events are about, in lesson order. */
export function lessonsIn(events: readonly LearnerEvent[]): number[] {
  return [...new Set(events.map(lessonOf).filter((id): id is number => id !== null))].sort((a, b) => a - b);
}

export interface DayGroup {
  /** The Hong Kong calendar day, `YYYY-MM-DD`. */
  day: string;
  events: LearnerEvent[];
}

/** Events grouped by Hong Kong day, in stream order. */
export function groupByDay(events: readonly LearnerEvent[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const event of events) {
    const day = hongKongDate(event.recordedAt);
    const last = groups.at(-1);
    if (last && last.day === day) last.events.push(event);
    else groups.push({ day, events: [event] });
  }
  return groups;
}

export interface ChartPoint {
  version: number;
  totalXP: number;
  /** Null before the first answer. */
  accuracy: number | null;
}

/** The chart's points: the state after each event, thinned to at most `maxPoints` (the last one kept). */
export function chartSeries(events: readonly LearnerEvent[], maxPoints = 240): ChartPoint[] {
  const points = events.map((e) => ({
    version: e.version,
    totalXP: e.stateAfter.totalXP,
    accuracy: e.stateAfter.accuracy,
  }));
  if (points.length <= maxPoints) return points;
  const step = points.length / maxPoints;
  const thinned = Array.from({ length: maxPoints - 1 }, (_, i) => points[Math.floor(i * step)]!);
  thinned.push(points.at(-1)!);
  return thinned;
}

/** The event at a version of the stream (the last one at or before it), or null at version 0. */
export function eventAt(events: readonly LearnerEvent[], version: number): LearnerEvent | null {
  let low = 0;
  let high = events.length - 1;
  let found: LearnerEvent | null = null;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const event = events[mid]!;
    if (event.version <= version) {
      found = event;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}
