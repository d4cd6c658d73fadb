/**
 * Lifting stored events to the current schema. Stored events are never rewritten: every reader
 * (decider, projections, replay) passes what it loads through `upcast`.
 *
 * Versions are per type (`currentSchemaVersion`): to change an event's shape, raise its entry in
 * LEARNER_EVENT_SCHEMA_VERSIONS and register `UPCASTERS[type][oldVersion] = (data) => dataOfNextVersion`.
 */
import { DomainRuleError } from '../shared/errors.ts';
import {
  currentSchemaVersion,
  LEARNER_EVENT_TYPES,
  type LearnerEvent,
  type LearnerEventType,
} from './events.ts';

/** An event as the store hands it back: a type name, a schema version and untyped data. */
export type StoredLearnerEvent = {
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
};

type Data = Record<string, unknown>;

/** Per event type, the function lifting the data of version v to version v + 1. */
const UPCASTERS: Partial<Record<LearnerEventType, Readonly<Record<number, (data: Data) => Data>>>> = {
  /**
   * Version 0 (the first release, before the note got its own name) stored the note under the
   * spec's field name `userExplanation`, untrimmed.
   */
  ErrorNoteSaved: {
    0: ({ userExplanation, ...rest }) => ({ ...rest, note: String(userExplanation ?? '').trim() }),
  },
  /**
   * Version 1 (before marking by scoring points and fair XP) graded all-or-nothing and paid XP for every
   * correct answer: it reads as 1 or 0 points out of 1, no points listed, not self-assessed, and as
   * having earned XP when correct (as it did then).
   */
  AnswerSubmitted: {
    1: (data) => ({
      ...data,
      pointsEarned: data.isCorrect === true ? 1 : 0,
      pointsAvailable: 1,
      points: [],
      copied: false,
      selfAssessed: false,
      earnedXp: data.isCorrect === true,
    }),
  },
  /** Version 1 knew only the 12-choice mode and kept no attempts. */
  RecitationFinished: {
    1: (data) => ({ ...data, mode: 'choice', attempts: [], extra: [] }),
  },
};

/**
 * Event types of earlier releases read as a current type. `SchoolNameChanged` carried the school's
 * name (personal data): every reader gets `SchoolChanged` without it, so no read path shows a name
 * an erasure has removed from the account.
 */
const RENAMED: Readonly<Record<string, (data: Data) => { type: LearnerEventType; data: Data }>> = {
  SchoolNameChanged: ({ at }) => ({ type: 'SchoolChanged', data: { at } }),
};

function isLearnerEventType(type: string): type is LearnerEventType {
  return (LEARNER_EVENT_TYPES as readonly string[]).includes(type);
}

/**
 * Turns a stored event into a current `LearnerEvent`, lifting older schema versions.
 * Throws a `DomainRuleError` for an unknown type, a version with no upcaster, or data without `at`.
 * @example upcast({ type: 'ErrorNoteSaved', schemaVersion: 0, data: { questionId: 'q1', userExplanation: ' 之：的 ', at } })
 *   // { type: 'ErrorNoteSaved', schemaVersion: 1, data: { questionId: 'q1', note: '之：的', at } }
 */
export function upcast(stored: StoredLearnerEvent): LearnerEvent {
  const rename = RENAMED[stored.type];
  const raw =
    rename && typeof stored.data === 'object' && stored.data !== null
      ? { ...rename(stored.data as Data), schemaVersion: stored.schemaVersion }
      : stored;
  const { type } = raw;
  if (!isLearnerEventType(type)) {
    throw new DomainRuleError('UNKNOWN_EVENT_TYPE', `Unknown learner event type: ${type}`);
  }
  if (typeof raw.data !== 'object' || raw.data === null || typeof (raw.data as Data).at !== 'string') {
    throw new DomainRuleError('MALFORMED_EVENT', `${type} has no data with an "at" time`);
  }
  let data = raw.data as Data;
  let version = raw.schemaVersion;
  const current = currentSchemaVersion(type);
  while (version < current) {
    const lift = UPCASTERS[type]?.[version];
    if (lift === undefined) break;
    data = lift(data);
    version += 1;
  }
  if (version !== current) {
    throw new DomainRuleError(
      'UNSUPPORTED_SCHEMA_VERSION',
      `${type} version ${raw.schemaVersion} cannot be read`,
    );
  }
  return { type, schemaVersion: current, data } as LearnerEvent;
}
