/**
 * Homework: a class's assignments as an event-sourced stream of their own (one stream per class).
 * A teacher sets, edits and withdraws assignments; each is an event, so an assignment's history is
 * its events. Pure: `now` and the new assignment's id come in with the command.
 */
import { assertNever } from '../shared/errors.ts';
import { isReadableTime } from '../time/hong-kong.ts';

/** What a learner is asked to do. */
export type AssignmentTask =
  /** A practice type (roadmap node) of a lesson: done when the node is completed. */
  | { readonly kind: 'practice'; readonly lessonId: number; readonly nodeType: string }
  /** A vocabulary session: done when a session of that type (of that lesson, when named) is finished. */
  | {
      readonly kind: 'vocabulary';
      readonly exerciseType: 'lesson_specific' | 'mixed_session' | 'quick_practice';
      readonly lessonId: number | null;
    }
  /** A mock paper: done when every question of it is answered (the ids stored when the work is set). */
  | { readonly kind: 'paper'; readonly paperId: string; readonly questionIds: readonly string[] }
  /** A recitation range: done when a recitation covering the range is finished. */
  | { readonly kind: 'recitation'; readonly lessonId: number; readonly start: number; readonly end: number }
  /**
   * A number of reviews: answers to review cards that were due (FSRS, issue 21), of any screen, after
   * the work was set (docs/spec-decisions.md).
   */
  | { readonly kind: 'reviews'; readonly count: number };

export type AssignmentKind = AssignmentTask['kind'];
export const ASSIGNMENT_KINDS: readonly AssignmentKind[] = [
  'practice',
  'vocabulary',
  'paper',
  'recitation',
  'reviews',
];

type Event<Type extends string, Data> = {
  readonly type: Type;
  readonly schemaVersion: 1;
  readonly data: Readonly<Data & { at: string; by: string }>;
};

/** A teacher set work for the class, due at `dueAt` (an instant; the form speaks Hong Kong time). */
export type AssignmentSet = Event<
  'AssignmentSet',
  { assignmentId: string; title: string; task: AssignmentTask; dueAt: string }
>;
/** The title, the task or the due time changed (only what changed is named, the rest as it was). */
export type AssignmentEdited = Event<
  'AssignmentEdited',
  { assignmentId: string; title: string; task: AssignmentTask; dueAt: string }
>;
/** The work was withdrawn: it leaves the students' lists and the table; its history stays. */
export type AssignmentWithdrawn = Event<'AssignmentWithdrawn', { assignmentId: string }>;

/**
 * How the class's self-marked answers count (issue 37): 'confirm' (須老師確認, the default): a self-mark
 * earns XP and counts in accuracy and on the board only once a teacher confirms it; 'direct' (直接計算):
 * it counts as the learner marked it (still capped at the rubric's lowest level for a short answer).
 */
export type SelfMarkRule = 'confirm' | 'direct';
export const SELF_MARK_RULES: readonly SelfMarkRule[] = ['confirm', 'direct'];
export const DEFAULT_SELF_MARK_RULE: SelfMarkRule = 'confirm';

/** The class's teacher changed how self-marks count. */
export type SelfMarkRuleSet = Event<'SelfMarkRuleSet', { rule: SelfMarkRule }>;

export type AssignmentEvent = AssignmentSet | AssignmentEdited | AssignmentWithdrawn;
export type ClassEvent = AssignmentEvent | SelfMarkRuleSet;
export const CLASS_EVENT_TYPES = [
  'AssignmentSet',
  'AssignmentEdited',
  'AssignmentWithdrawn',
  'SelfMarkRuleSet',
] as const;

/** One assignment as the class stream knows it now. */
export interface Assignment {
  readonly id: string;
  readonly title: string;
  readonly task: AssignmentTask;
  readonly dueAt: string;
  /** When it was set: only work done from then on counts. */
  readonly setAt: string;
  readonly setBy: string;
  readonly withdrawnAt: string | null;
}

/** The class stream's state: its assignments by id, in the order they were set. */
export interface ClassState {
  readonly assignments: Readonly<Record<string, Assignment>>;
  readonly order: readonly string[];
  /** How self-marks count; absent: the default ('confirm'). */
  readonly selfMarkRule?: SelfMarkRule;
}

/** The class's self-mark rule. */
export const selfMarkRuleOf = (state: ClassState): SelfMarkRule =>
  state.selfMarkRule ?? DEFAULT_SELF_MARK_RULE;

/**
 * The rule for a learner in these classes' rules: the strictest wins. Any class asking for confirmation
 * (or no class at all: no teacher chose to trust self-marks) means 'confirm'; 'direct' only when every
 * class of the learner says so.
 */
export function strictestSelfMarkRule(rules: readonly SelfMarkRule[]): SelfMarkRule {
  return rules.length > 0 && rules.every((r) => r === 'direct') ? 'direct' : 'confirm';
}

/** Bump when `ClassState`'s shape changes (older snapshots are then refolded). */
export const CLASS_STATE_VERSION = 1;
export const initialClassState: ClassState = { assignments: {}, order: [] };

/** Folds one class event into the state. */
export function evolveClass(state: ClassState, event: ClassEvent): ClassState {
  switch (event.type) {
    case 'AssignmentSet': {
      const { assignmentId, title, task, dueAt, at, by } = event.data;
      const assignment: Assignment = {
        id: assignmentId,
        title,
        task,
        dueAt,
        setAt: at,
        setBy: by,
        withdrawnAt: null,
      };
      return {
        ...state,
        assignments: { ...state.assignments, [assignmentId]: assignment },
        order: [...state.order, assignmentId],
      };
    }
    case 'AssignmentEdited': {
      const found = state.assignments[event.data.assignmentId];
      if (!found) return state;
      const { title, task, dueAt } = event.data;
      return {
        ...state,
        assignments: { ...state.assignments, [found.id]: { ...found, title, task, dueAt } },
      };
    }
    case 'AssignmentWithdrawn': {
      const found = state.assignments[event.data.assignmentId];
      if (!found) return state;
      return {
        ...state,
        assignments: { ...state.assignments, [found.id]: { ...found, withdrawnAt: event.data.at } },
      };
    }
    case 'SelfMarkRuleSet':
      return { ...state, selfMarkRule: event.data.rule };
    default:
      return assertNever(event);
  }
}

/** The assignments still open (not withdrawn), in the order they were set. */
export function openAssignments(state: ClassState): Assignment[] {
  return state.order.map((id) => state.assignments[id]!).filter((a) => a.withdrawnAt === null);
}

export interface AssignmentDraft {
  readonly title: string;
  readonly task: AssignmentTask;
  readonly dueAt: string;
}

export type AssignmentCommand =
  | { readonly type: 'SetAssignment'; readonly assignmentId: string; readonly draft: AssignmentDraft }
  | { readonly type: 'EditAssignment'; readonly assignmentId: string; readonly draft: AssignmentDraft }
  | { readonly type: 'WithdrawAssignment'; readonly assignmentId: string };
export type ClassCommand =
  | AssignmentCommand
  | { readonly type: 'SetSelfMarkRule'; readonly rule: SelfMarkRule };

export const HOMEWORK_REFUSAL_CODES = [
  'ASSIGNMENT_NOT_FOUND',
  'ASSIGNMENT_WITHDRAWN',
  'DUE_IN_THE_PAST',
  'INVALID_TASK',
  'NOTHING_CHANGED',
] as const;
export type HomeworkRefusalCode = (typeof HOMEWORK_REFUSAL_CODES)[number];
export interface HomeworkRefusal {
  readonly code: HomeworkRefusalCode;
  readonly message: string;
}

export type ClassDecision =
  | { readonly ok: true; readonly events: ClassEvent[] }
  | { readonly ok: false; readonly error: HomeworkRefusal };

const refuse = (code: HomeworkRefusalCode, message: string): ClassDecision => ({
  ok: false,
  error: { code, message },
});

/** A decision recording one event. */
const accept = (event: ClassEvent): ClassDecision => ({ ok: true, events: [event] });

/** The refusal of an edit or a withdrawal of an assignment that is unknown or already withdrawn. */
const refuseChange = (found: Assignment | undefined): ClassDecision =>
  found ? refuse('ASSIGNMENT_WITHDRAWN', '這份功課已撤回') : refuse('ASSIGNMENT_NOT_FOUND', '找不到這份功課');

/** The range a task may ask for is checked against content by the caller; here only its own shape. */
function taskProblem(task: AssignmentTask): string | null {
  switch (task.kind) {
    case 'practice':
      return task.nodeType.length > 0 ? null : '請選擇練習類型';
    case 'vocabulary':
      return null;
    case 'paper':
      return task.questionIds.length > 0 ? null : '這份試卷沒有題目';
    case 'recitation':
      return task.start >= 0 && task.end > task.start ? null : '背誦範圍無效';
    case 'reviews':
      return Number.isInteger(task.count) && task.count >= 1 && task.count <= 200
        ? null
        : '題數須為 1 至 200';
    default:
      return assertNever(task);
  }
}

/**
 * Decides a teacher's command on the class stream. Due times must lie ahead of `now` when set or moved;
 * a withdrawn assignment can be neither edited nor withdrawn again.
 */
export function decideClass(
  command: ClassCommand,
  state: ClassState,
  context: { readonly now: string; readonly actor: string },
): ClassDecision {
  const at = new Date(context.now).toISOString();
  const by = context.actor;
  const checkDraft = (draft: AssignmentDraft): ClassDecision | null => {
    const problem = taskProblem(draft.task);
    if (problem) return refuse('INVALID_TASK', problem);
    if (!isReadableTime(draft.dueAt) || Date.parse(draft.dueAt) <= Date.parse(at)) {
      return refuse('DUE_IN_THE_PAST', '限期必須在現在之後');
    }
    return null;
  };
  switch (command.type) {
    case 'SetAssignment': {
      const problem = checkDraft(command.draft);
      if (problem) return problem;
      const { title, task } = command.draft;
      const dueAt = new Date(command.draft.dueAt).toISOString();
      return accept({
        type: 'AssignmentSet',
        schemaVersion: 1,
        data: { assignmentId: command.assignmentId, title, task, dueAt, at, by },
      });
    }
    case 'EditAssignment': {
      const found = state.assignments[command.assignmentId];
      if (!found || found.withdrawnAt !== null) return refuseChange(found);
      const { title, task } = command.draft;
      const dueAt = new Date(command.draft.dueAt).toISOString();
      const sameTask = JSON.stringify(task) === JSON.stringify(found.task);
      if (title === found.title && sameTask && dueAt === found.dueAt) {
        return refuse('NOTHING_CHANGED', '沒有任何改動');
      }
      // Keeping a due time that has passed is allowed (a title fix after the deadline); moving it is not.
      const problem = dueAt === found.dueAt ? taskProblem(task) : null;
      if (dueAt === found.dueAt) {
        if (problem) return refuse('INVALID_TASK', problem);
      } else {
        const refused = checkDraft(command.draft);
        if (refused) return refused;
      }
      return accept({
        type: 'AssignmentEdited',
        schemaVersion: 1,
        data: { assignmentId: found.id, title, task, dueAt, at, by },
      });
    }
    case 'WithdrawAssignment': {
      const found = state.assignments[command.assignmentId];
      if (!found || found.withdrawnAt !== null) return refuseChange(found);
      return accept({
        type: 'AssignmentWithdrawn',
        schemaVersion: 1,
        data: { assignmentId: found.id, at, by },
      });
    }
    case 'SetSelfMarkRule': {
      if (!SELF_MARK_RULES.includes(command.rule)) return refuse('INVALID_TASK', '自評規則無效');
      if (selfMarkRuleOf(state) === command.rule) return refuse('NOTHING_CHANGED', '沒有任何改動');
      return accept({ type: 'SelfMarkRuleSet', schemaVersion: 1, data: { rule: command.rule, at, by } });
    }
    default:
      return assertNever(command);
  }
}

/** Reads a stored class event (type, data) back as a `ClassEvent`; null for a type the stream does not hold. */
export function toClassEvent(stored: { readonly type: string; readonly data: unknown }): ClassEvent | null {
  if (!(CLASS_EVENT_TYPES as readonly string[]).includes(stored.type)) return null;
  return { type: stored.type, schemaVersion: 1, data: stored.data } as ClassEvent;
}
