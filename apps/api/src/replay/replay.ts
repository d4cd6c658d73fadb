/**
 * A learner's history replayed: the state at any version or moment, and pages of events with the
 * state right after each, computed by folding the stream with the domain's `projectLearner` (the
 * reducer the projector runs, so the replay shows exactly what the learner's pages showed).
 *
 * Folding starts from the nearest replay snapshot (one every SNAPSHOT_EVERY versions, written the
 * first time a fold passes that version), so any moment of a long history costs at most
 * SNAPSHOT_EVERY events of folding. Events are immutable, so a snapshot never goes stale.
 */
import type { LearnerFigures } from '@wenyan/contracts';
import {
  effectiveStreakDays,
  initialLearnerView,
  LEARNER_VIEW_VERSION,
  type LearnerEvent,
  type LearnerFold,
  type LearnerView,
  learnerAccuracyOf,
  levelForXp,
  projectLearner,
  upcast,
} from '@wenyan/domain';
import {
  type Db,
  eventTime,
  learnerStreamId,
  nearestSnapshot,
  type ReplayRow,
  readRange,
  saveSnapshots,
} from '@wenyan/store';

/** A snapshot is kept every this many stream versions. */
export const SNAPSHOT_EVERY = 250;
const PAGE = 2000;

/** A stored event lifted to the current shape. */
export const toDomainEvent = (row: ReplayRow): LearnerEvent =>
  upcast({ type: row.type, schemaVersion: row.schemaVersion, data: row.data });

/**
 * The learner's figures in a view. `now` applies the streak rule of the learner's pages (a streak
 * whose last day is before yesterday shows 0); without it, the streak as last extended.
 */
export function figuresOf(view: LearnerView, now?: string): LearnerFigures {
  const answered = Object.values(view.lessons).some((lesson) => lesson.answers > 0);
  return {
    totalXP: view.totalXP,
    level: levelForXp(view.totalXP),
    streakDays:
      now === undefined ? view.streakDays : effectiveStreakDays(view.streakDays, view.lastActiveAt, now),
    accuracy: answered ? learnerAccuracyOf(view) : null,
  };
}

export interface FoldedView {
  /** Every item too: the replay shows the error book and the cards at a moment. */
  view: LearnerFold;
  /** The last version folded (0 before any event). */
  version: number;
  /** The time of the event at `version` (null at version 0). */
  at: string | null;
}

export interface FoldOptions {
  /** Called after each event with the view right after it. */
  onEvent?: (row: ReplayRow, event: LearnerEvent, view: LearnerFold) => void;
}

/**
 * Folds the learner's events from `start` up to `toVersion` (or the end), saving the snapshots it
 * passes that are not stored yet.
 */
async function foldForward(
  db: Db,
  userId: string,
  start: FoldedView,
  toVersion: number,
  options: FoldOptions,
): Promise<FoldedView> {
  const streamId = learnerStreamId(userId);
  let { view, version, at } = start;
  const fresh: Array<{ version: number; at: string | null; view: LearnerFold }> = [];
  for (;;) {
    const rows = await readRange(db, streamId, version, toVersion, PAGE);
    for (const row of rows) {
      const event = toDomainEvent(row);
      view = projectLearner(view, event);
      version = row.version;
      at = eventTime(row);
      options.onEvent?.(row, event, view);
      if (version % SNAPSHOT_EVERY === 0) fresh.push({ version, at, view });
    }
    if (rows.length < PAGE || version >= toVersion) break;
  }
  // Snapshots are a cache: failing to write one must not fail the read.
  await saveSnapshots(db, userId, LEARNER_VIEW_VERSION, fresh).catch(() => {});
  return { view, version, at };
}

/** The learner's view right after `version` (clamped to the stream's end). */
export async function viewAtVersion(
  db: Db,
  userId: string,
  version: number,
  options: FoldOptions = {},
): Promise<FoldedView> {
  const snapshot = version > 0 ? await nearestSnapshot(db, userId, LEARNER_VIEW_VERSION, version) : null;
  const start: FoldedView = snapshot ?? { view: initialLearnerView, version: 0, at: null };
  if (start.version >= version) return start;
  return foldForward(db, userId, start, version, options);
}

/** Folds on from an already folded view up to `toVersion`, calling `onEvent` for each event. */
export function continueFold(
  db: Db,
  userId: string,
  from: FoldedView,
  toVersion: number,
  options: FoldOptions,
): Promise<FoldedView> {
  if (from.version >= toVersion) return Promise.resolve(from);
  return foldForward(db, userId, from, toVersion, options);
}
