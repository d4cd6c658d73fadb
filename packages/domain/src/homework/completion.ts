/**
 * Whether a learner has done an assignment, decided from their own recorded work (issue 37: never a
 * bare claim; a practice is done by a completed node or by 8 answers of its type at 80 %, the results
 * screen opened or not). Only events from the
 * moment the work was set count; the moment the work was finished is the finishing event's own
 * (an answer given offline counts when it was given). Late: finished after the due time.
 */
import type { LearnerEvent } from '../learner/events.ts';
import { isNodePassed, SESSION_QUESTION_LIMIT } from '../progress/progress.ts';
import { assertNever } from '../shared/errors.ts';
import type { Assignment, AssignmentTask } from './assignments.ts';

export type AssignmentStatus = 'not_started' | 'in_progress' | 'done' | 'late';
export const ASSIGNMENT_STATUSES: readonly AssignmentStatus[] = [
  'not_started',
  'in_progress',
  'done',
  'late',
];

export interface AssignmentProgress {
  readonly status: AssignmentStatus;
  /** Steps done and needed (questions for a paper or reviews; 1 for the others). */
  readonly done: number;
  readonly needed: number;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
}

const momentOf = (event: LearnerEvent): string =>
  event.type === 'AnswerSubmitted' ? (event.data.answeredAt ?? event.data.at) : event.data.at;

/** What a task needs: how many steps, and which step (if any) an event is. */
function stepsOf(task: AssignmentTask): {
  needed: number;
  step: (e: LearnerEvent) => string | 'touch' | null;
} {
  switch (task.kind) {
    case 'practice': {
      // The latest verdict on each question of the practice type answered since the work was set: a
      // full session of them at 80 % completes the work, whether or not the results were opened.
      const verdicts = new Map<string, boolean>();
      return {
        needed: 1,
        step: (e) => {
          const endsTheNode =
            (e.type === 'NodeCompleted' || e.type === 'NodeFellShort') &&
            e.data.lessonId === task.lessonId &&
            e.data.nodeType === task.nodeType;
          if (endsTheNode && e.type === 'NodeCompleted') return 'node';
          const answersTheType =
            e.type === 'AnswerSubmitted' &&
            e.data.source === 'quiz' &&
            e.data.lessonId === task.lessonId &&
            e.data.questionType === task.nodeType;
          if (answersTheType) {
            verdicts.set(e.data.questionId, e.data.isCorrect);
            const correct = [...verdicts.values()].filter(Boolean).length;
            if (isNodePassed(correct, verdicts.size, SESSION_QUESTION_LIMIT)) return 'node';
          }
          return answersTheType || endsTheNode ? 'touch' : null;
        },
      };
    }
    case 'vocabulary':
      return {
        needed: 1,
        step: (e) => {
          if (
            e.type === 'VocabularyExerciseCompleted' &&
            e.data.exerciseType === task.exerciseType &&
            (task.lessonId === null || (e.data.lessonIds ?? []).includes(task.lessonId))
          ) {
            return 'session';
          }
          const touched =
            e.type === 'AnswerSubmitted' &&
            e.data.source === 'vocabulary' &&
            (task.lessonId === null || e.data.lessonId === task.lessonId);
          return touched ? 'touch' : null;
        },
      };
    case 'paper': {
      const ids = new Set(task.questionIds);
      return {
        needed: ids.size,
        step: (e) => (e.type === 'AnswerSubmitted' && ids.has(e.data.questionId) ? e.data.questionId : null),
      };
    }
    case 'recitation':
      return {
        needed: 1,
        step: (e) =>
          e.type === 'RecitationFinished' && e.data.lessonId === task.lessonId
            ? e.data.start <= task.start && e.data.end >= task.end
              ? 'range'
              : 'touch'
            : null,
      };
    case 'reviews': {
      let n = 0;
      return {
        needed: task.count,
        // Every answer to a review card that was due is a review (the same card reviewed twice counts
        // twice): the due-review rule of the daily review goal.
        step: (e) => (e.type === 'AnswerSubmitted' && e.data.wasDue === true ? `review-${n++}` : null),
      };
    }
    default:
      return assertNever(task);
  }
}

/**
 * A learner's progress on one assignment, from their events in stream order.
 *
 * @example assignmentProgress(assignment, []).status // 'not_started'
 */
export function assignmentProgress(
  assignment: Assignment,
  events: readonly LearnerEvent[],
): AssignmentProgress {
  const { needed, step } = stepsOf(assignment.task);
  const steps = new Set<string>();
  let startedAt: string | null = null;
  let completedAt: string | null = null;
  for (const event of events) {
    const at = momentOf(event);
    if (at < assignment.setAt) continue;
    const s = step(event);
    if (s === null) continue;
    startedAt ??= at;
    if (s === 'touch' || completedAt !== null) continue;
    steps.add(s);
    if (steps.size >= needed) completedAt = at;
  }
  const done = Math.min(steps.size, needed);
  const status: AssignmentStatus =
    completedAt !== null
      ? completedAt > assignment.dueAt
        ? 'late'
        : 'done'
      : startedAt !== null
        ? 'in_progress'
        : 'not_started';
  return { status, done, needed, startedAt, completedAt };
}

/** True when the status counts as finished (on time or late). */
export const isFinished = (status: AssignmentStatus): boolean => status === 'done' || status === 'late';
