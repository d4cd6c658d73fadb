/**
 * The decider's state kept in two forms (issue 38): a bounded **core** (the snapshot stored with the
 * stream's head) and **parts** read by key with the command. A part holds what the state knows of one
 * question (`q:<id>`: answered, answered right, its error-book status, its card's memory), of one
 * answer (`v:<version>`: its appeal, a teacher's marks, a confirmed self-mark), of one node session
 * in progress (`n:<lesson id>:<node type>`: its latest verdicts) or of one lesson (`l:<lesson id>`: its
 * progress, completed node types and best scores). Nothing in the core grows with the number of
 * answers, nor with the lessons touched beyond the vocabulary tally's pair per lesson: it stays under
 * `CORE_BYTES_BOUND`.
 *
 * A state may hold only some parts (those read for a command): `decide` reads the parts of the
 * command's question and answer (`commandPartKeys`), and `evolve` changes only the parts its event
 * names (`eventPartKeys`), so deciding and folding on such a state is exact. An event that may change
 * every part (an exam date plans every card again) names them all (`'all'`): the store then reads
 * every part first.
 */
import type { CardMemory } from '../review/review-book.ts';
import type { LearnerCommand } from './decide.ts';
import type { AppealStatus, LearnerEvent, LearnerState, LessonState } from './events.ts';

/** What the state knows of one question, per lesson id (a question keeps its lesson; the map is exact). */
export type QuestionPart = {
  readonly e?: 'active' | 'mastered';
  readonly l: Readonly<Record<string, { readonly a?: 1; readonly c?: 1; readonly m?: CardMemory }>>;
};

/** What the state knows of one answer, by its stream version. */
export type AnswerPart = { readonly p?: AppealStatus; readonly t?: 1; readonly s?: 1 };

/** A node session in progress: the latest verdict on each question, keyed `:<question id>` (empty once finished). */
export type NodePart = Readonly<Record<string, boolean>>;

/**
 * What the state knows of one lesson: questions completed (`q`), completed (`c`), node types completed
 * in order (`t`), unit completed (`u`) and best node scores (`b`).
 */
export type LessonPart = {
  readonly q: number;
  readonly c?: 1;
  readonly t?: readonly string[];
  readonly u?: 1;
  readonly b?: Readonly<Record<string, number>>;
};

export type StatePart = QuestionPart | AnswerPart | NodePart | LessonPart;

export const questionPartKey = (questionId: string) => `q:${questionId}`;
export const answerPartKey = (version: number) => `v:${version}`;
export const nodePartKey = (lessonId: number | string, nodeType: string) => `n:${lessonId}:${nodeType}`;
export const lessonPartKey = (lessonId: number | string) => `l:${lessonId}`;

/** The lesson id and node type a node part's key names. */
function nodeOfKey(key: string): [lessonId: string, nodeType: string] {
  const rest = key.slice(2);
  const at = rest.indexOf(':');
  return [rest.slice(0, at), rest.slice(at + 1)];
}

/**
 * The largest core a learner's snapshot holds, in bytes of JSON: the totals, the streak, the pace
 * bucket, the review plan, settings and today's count, and the vocabulary tally (two numbers per lesson
 * answered since the last vocabulary session: about 20 bytes each, some 330 for the 16 set texts).
 * Lessons, node sessions, questions and answers are parts. `state-parts.test.ts` folds thousands of
 * answers over 16 lessons and holds the core under it (about 0.5 KB).
 */
export const CORE_BYTES_BOUND = 1024;

/** The parts the command's decision reads (the store reads them with the stream's head). */
export function commandPartKeys(command: LearnerCommand): string[] {
  switch (command.type) {
    case 'SubmitAnswer':
      return [
        questionPartKey(command.data.question.id),
        nodePartKey(command.data.question.lessonId, command.data.question.type),
        lessonPartKey(command.data.question.lessonId),
      ];
    case 'CompleteNode':
      return [
        nodePartKey(command.data.lessonId, command.data.nodeType),
        lessonPartKey(command.data.lessonId),
      ];
    case 'SaveErrorNote':
    case 'MasterErrorQuestion':
      return [questionPartKey(command.data.questionId)];
    case 'AppealAnswer':
    case 'DeclineAppeal':
    case 'AcceptAppeal':
    case 'MarkPendingAnswer':
    case 'ConfirmSelfMark':
      return [questionPartKey(command.data.answer.questionId), answerPartKey(command.data.answer.version)];
    case 'RemarkAfterRevert':
      return command.data.answers.flatMap((a) => [questionPartKey(a.questionId), answerPartKey(a.version)]);
    default:
      return [];
  }
}

/** The parts an event changes, or 'all' when it may change any of them. */
export function eventPartKeys(event: LearnerEvent): readonly string[] | 'all' {
  switch (event.type) {
    case 'AnswerSubmitted':
      return [
        questionPartKey(event.data.questionId),
        nodePartKey(event.data.lessonId, event.data.questionType),
        lessonPartKey(event.data.lessonId),
      ];
    case 'ErrorQuestionMastered':
      return [questionPartKey(event.data.questionId)];
    case 'NodeCompleted':
    case 'NodeFellShort':
      return [nodePartKey(event.data.lessonId, event.data.nodeType), lessonPartKey(event.data.lessonId)];
    case 'LessonCompleted':
    case 'UnitCompleted':
      return [lessonPartKey(event.data.lessonId)];
    case 'AnswerAppealed':
    case 'AppealDeclined':
      return [answerPartKey(event.data.answerVersion)];
    case 'AnswerRemarked':
    case 'AnswerRemarkedOnRevert':
    case 'AnswerTeacherMarked':
    case 'SelfMarkConfirmed':
      return [questionPartKey(event.data.questionId), answerPartKey(event.data.answerVersion)];
    case 'ExamDateSet':
      return 'all';
    default:
      return [];
  }
}

const EMPTY: Readonly<Record<string, never>> = {};

/** The state without its parts: what the snapshot stores. */
export function stateCore(state: LearnerState): LearnerState {
  return {
    ...state,
    lessons: EMPTY,
    errorBook: EMPTY,
    appeals: EMPTY,
    ...(state.teacherMarked === undefined ? {} : { teacherMarked: EMPTY }),
    ...(state.confirmedSelfMarks === undefined ? {} : { confirmedSelfMarks: EMPTY }),
    reviews: { ...state.reviews, memory: EMPTY },
  };
}

/**
 * A newer core with the parts an older state holds: what a memory makes of another process's append
 * that follows on from the state it holds, before putting in the parts that append wrote.
 */
export function withCoreOf(core: LearnerState, partsFrom: LearnerState): LearnerState {
  return {
    ...core,
    lessons: partsFrom.lessons,
    errorBook: partsFrom.errorBook,
    appeals: partsFrom.appeals ?? EMPTY,
    ...(partsFrom.teacherMarked === undefined ? {} : { teacherMarked: partsFrom.teacherMarked }),
    ...(partsFrom.confirmedSelfMarks === undefined
      ? {}
      : { confirmedSelfMarks: partsFrom.confirmedSelfMarks }),
    reviews: { ...core.reviews, memory: partsFrom.reviews.memory ?? EMPTY },
  };
}

/** The part a key names in the state, or undefined when the state knows nothing of it. */
export function statePart(state: LearnerState, key: string): StatePart | undefined {
  if (key.startsWith('n:')) {
    // Always a part, empty once the session finished, so that the stored row is written over.
    const [lessonId, nodeType] = nodeOfKey(key);
    return state.lessons[lessonId]?.nodeSessions?.[nodeType] ?? EMPTY;
  }
  const id = key.slice(2);
  if (key.startsWith('l:')) {
    const lesson = state.lessons[id];
    return lesson === undefined ? undefined : lessonPartOf(lesson);
  }
  if (key.startsWith('v:')) {
    const part: { p?: AppealStatus; t?: 1; s?: 1 } = {};
    const appeal = state.appeals?.[id];
    if (appeal !== undefined) part.p = appeal;
    if (state.teacherMarked?.[id] === true) part.t = 1;
    if (state.confirmedSelfMarks?.[id] === true) part.s = 1;
    return Object.keys(part).length === 0 ? undefined : part;
  }
  const byLesson: Record<string, { a?: 1; c?: 1; m?: CardMemory }> = {};
  let found = false;
  for (const [lessonId, lesson] of Object.entries(state.lessons)) {
    const facts: { a?: 1; c?: 1; m?: CardMemory } = {};
    if (lesson.answered[id] === true) facts.a = 1;
    if (lesson.correct?.[id] === true) facts.c = 1;
    const memory = state.reviews.memory?.[lessonId]?.[id];
    if (memory !== undefined) facts.m = memory;
    if (facts.a || facts.c || facts.m) {
      byLesson[lessonId] = facts;
      found = true;
    }
  }
  // A card of a lesson the state has no record of (cannot happen from events; kept exact anyway).
  for (const [lessonId, cards] of Object.entries(state.reviews.memory ?? {})) {
    if (byLesson[lessonId] === undefined && state.lessons[lessonId] === undefined && cards[id]) {
      byLesson[lessonId] = { m: cards[id] };
      found = true;
    }
  }
  const error = state.errorBook[id];
  if (!found && error === undefined) return undefined;
  return error === undefined ? { l: byLesson } : { e: error, l: byLesson };
}

/** Every part key of a state (a state refolded from the log writes them all). */
export function statePartKeys(state: LearnerState): string[] {
  const keys = new Set<string>();
  for (const [lessonId, lesson] of Object.entries(state.lessons)) {
    keys.add(lessonPartKey(lessonId));
    for (const id of Object.keys(lesson.answered)) keys.add(questionPartKey(id));
    for (const id of Object.keys(lesson.correct ?? {})) keys.add(questionPartKey(id));
    for (const [nodeType, session] of Object.entries(lesson.nodeSessions ?? {})) {
      if (Object.keys(session).length > 0) keys.add(nodePartKey(lessonId, nodeType));
    }
  }
  for (const id of Object.keys(state.errorBook)) keys.add(questionPartKey(id));
  for (const cards of Object.values(state.reviews.memory ?? {})) {
    for (const id of Object.keys(cards)) keys.add(questionPartKey(id));
  }
  for (const holder of [state.appeals, state.teacherMarked, state.confirmedSelfMarks]) {
    for (const version of Object.keys(holder ?? {})) keys.add(`v:${version}`);
  }
  return [...keys];
}

/** How many parts a state holds (to decide whether a memory keeps all of them). */
export const statePartCount = (state: LearnerState) => statePartKeys(state).length;

const emptyLesson: LessonState = {
  answered: EMPTY,
  questionsCompleted: 0,
  completed: false,
  nodeTypes: [],
  unitCompleted: false,
  correct: EMPTY,
  nodeSessions: EMPTY,
  nodeBest: EMPTY,
};

/** A lesson's record as its part (the fields left out are false or empty). */
function lessonPartOf(lesson: LessonState): LessonPart {
  const part: { q: number; c?: 1; t?: readonly string[]; u?: 1; b?: Readonly<Record<string, number>> } = {
    q: lesson.questionsCompleted,
  };
  if (lesson.completed) part.c = 1;
  if (lesson.nodeTypes.length > 0) part.t = lesson.nodeTypes;
  if (lesson.unitCompleted) part.u = 1;
  if (lesson.nodeBest !== undefined && Object.keys(lesson.nodeBest).length > 0) part.b = lesson.nodeBest;
  return part;
}

/**
 * The state with these parts put in (a part read from the store replaces what the state knew of its
 * key; a key without a part is left as it is).
 */
export function withStateParts(state: LearnerState, parts: Readonly<Record<string, unknown>>): LearnerState {
  const entries = Object.entries(parts);
  if (entries.length === 0) return state;
  const lessons: Record<string, LessonState> = { ...state.lessons };
  const errorBook: Record<string, 'active' | 'mastered'> = { ...state.errorBook };
  const memory: Record<string, Record<string, CardMemory>> = { ...state.reviews.memory };
  const appeals: Record<string, AppealStatus> = { ...state.appeals };
  const teacherMarked: Record<string, true> = { ...state.teacherMarked };
  const confirmed: Record<string, true> = { ...state.confirmedSelfMarks };
  const copied = new Set<string>();
  const lessonOf = (id: string) => {
    if (!copied.has(id)) {
      copied.add(id);
      const lesson = lessons[id] ?? emptyLesson;
      lessons[id] = { ...lesson, answered: { ...lesson.answered }, correct: { ...lesson.correct } };
    }
    return lessons[id] as { answered: Record<string, true>; correct: Record<string, true> };
  };
  const copiedCards = new Set<string>();
  const cardsOf = (id: string) => {
    if (!copiedCards.has(id)) {
      copiedCards.add(id);
      memory[id] = { ...memory[id] };
    }
    return memory[id] as Record<string, CardMemory>;
  };
  for (const [key, value] of entries) {
    if (key.startsWith('n:')) {
      const [lessonId, nodeType] = nodeOfKey(key);
      const lesson = lessons[lessonId] ?? emptyLesson;
      const { [nodeType]: _replaced, ...others } = lesson.nodeSessions ?? EMPTY;
      const session = value as NodePart;
      lessons[lessonId] = {
        ...lesson,
        nodeSessions: Object.keys(session).length === 0 ? others : { ...others, [nodeType]: session },
      };
      continue;
    }
    const id = key.slice(2);
    if (key.startsWith('l:')) {
      const part = value as LessonPart;
      lessons[id] = {
        ...(lessons[id] ?? emptyLesson),
        questionsCompleted: part.q,
        completed: part.c === 1,
        nodeTypes: part.t ?? [],
        unitCompleted: part.u === 1,
        nodeBest: part.b ?? EMPTY,
      };
      continue;
    }
    if (key.startsWith('v:')) {
      const part = value as AnswerPart;
      if (part.p !== undefined) appeals[id] = part.p;
      if (part.t === 1) teacherMarked[id] = true;
      if (part.s === 1) confirmed[id] = true;
      continue;
    }
    const part = value as QuestionPart;
    if (part.e !== undefined) errorBook[id] = part.e;
    for (const [lessonId, facts] of Object.entries(part.l)) {
      if (facts.a === 1 || facts.c === 1) {
        const lesson = lessonOf(lessonId);
        if (facts.a === 1) lesson.answered[id] = true;
        if (facts.c === 1) lesson.correct[id] = true;
      }
      if (facts.m !== undefined) cardsOf(lessonId)[id] = facts.m;
    }
  }
  return {
    ...state,
    lessons,
    errorBook,
    appeals,
    ...(Object.keys(teacherMarked).length > 0 || state.teacherMarked ? { teacherMarked } : {}),
    ...(Object.keys(confirmed).length > 0 || state.confirmedSelfMarks
      ? { confirmedSelfMarks: confirmed }
      : {}),
    reviews: { ...state.reviews, memory },
  };
}

/** The state holding only these parts of it (what a memory keeps of a long history). */
export function keepStateParts(state: LearnerState, keys: Iterable<string>): LearnerState {
  const parts: Record<string, StatePart> = {};
  for (const key of keys) {
    const part = statePart(state, key);
    if (part !== undefined) parts[key] = part;
  }
  return withStateParts(stateCore(state), parts);
}
