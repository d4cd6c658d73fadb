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
  coreOf,
  effectiveStreakDays,
  initialLearnerView,
  LEARNER_VIEW_VERSION,
  type LearnerEvent,
  type LearnerFold,
  type LearnerView,
  learnerAccuracyOf,
  levelForXp,
  projectCore,
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

export interface FoldedView<V extends LearnerView = LearnerFold> {
  /** A fold of every item (the state at a moment shows the error book and the cards), or the core. */
  view: V;
  /** The last version folded (0 before any event). */
  version: number;
  /** The time of the event at `version` (null at version 0). */
  at: string | null;
}

export interface FoldOptions<V extends LearnerView = LearnerFold> {
  /** Called after each event with the view right after it. */
  onEvent?: (row: ReplayRow, event: LearnerEvent, view: V) => void;
}

/** What a replay folds: every item, or the core alone (the figures of an event page). */
interface Fold<V extends LearnerView> {
  part: 'all' | 'core';
  initial: V;
  step: (view: V, event: LearnerEvent) => V;
}
const ALL: Fold<LearnerFold> = { part: 'all', initial: initialLearnerView, step: projectLearner };
const CORE: Fold<LearnerView> = { part: 'core', initial: coreOf(initialLearnerView), step: projectCore };

/**
 * Folds the learner's events from `start` up to `toVersion` (or the end); a fold of every item saves
 * the snapshots it passes that are not stored yet (a snapshot holds every item).
 */
async function foldForward<V extends LearnerView>(
  db: Db,
  userId: string,
  fold: Fold<V>,
  start: FoldedView<V>,
  toVersion: number,
  options: FoldOptions<V>,
): Promise<FoldedView<V>> {
  const streamId = learnerStreamId(userId);
  let { view, version, at } = start;
  const fresh: Array<{ version: number; at: string | null; view: LearnerFold }> = [];
  for (;;) {
    const rows = await readRange(db, streamId, version, toVersion, PAGE);
    for (const row of rows) {
      const event = toDomainEvent(row);
      view = fold.step(view, event);
      version = row.version;
      at = eventTime(row);
      options.onEvent?.(row, event, view);
      if (fold.part === 'all' && version % SNAPSHOT_EVERY === 0) {
        fresh.push({ version, at, view: view as LearnerView as LearnerFold });
      }
    }
    if (rows.length < PAGE || version >= toVersion) break;
  }
  // Snapshots are a cache: failing to write one must not fail the read.
  await saveSnapshots(db, userId, LEARNER_VIEW_VERSION, fresh).catch(() => {});
  return { view, version, at };
}

async function atVersion<V extends LearnerView>(
  db: Db,
  userId: string,
  fold: Fold<V>,
  version: number,
  options: FoldOptions<V>,
): Promise<FoldedView<V>> {
  const snapshot =
    version > 0 ? await nearestSnapshot(db, userId, LEARNER_VIEW_VERSION, version, fold.part) : null;
  const start: FoldedView<V> = snapshot
    ? { ...snapshot, view: snapshot.view as LearnerView as V }
    : { view: fold.initial, version: 0, at: null };
  if (start.version >= version) return start;
  return foldForward(db, userId, fold, start, version, options);
}

/** The learner's view, with every item, right after `version` (clamped to the stream's end). */
export function viewAtVersion(
  db: Db,
  userId: string,
  version: number,
  options: FoldOptions = {},
): Promise<FoldedView> {
  return atVersion(db, userId, ALL, version, options);
}

/** The view's core alone right after `version`: for figures, at a cost that does not grow with the items. */
export function coreAtVersion(
  db: Db,
  userId: string,
  version: number,
  options: FoldOptions<LearnerView> = {},
): Promise<FoldedView<LearnerView>> {
  return atVersion(db, userId, CORE, version, options);
}

/** Folds on from an already folded view (of every item, or a core) up to `toVersion`, calling `onEvent` for each event. */
export function continueFold<V extends LearnerView>(
  db: Db,
  userId: string,
  from: FoldedView<V>,
  toVersion: number,
  options: FoldOptions<V>,
): Promise<FoldedView<V>> {
  if (from.version >= toVersion) return Promise.resolve(from);
  const fold = ('errorBook' in from.view ? ALL : CORE) as unknown as Fold<V>;
  return foldForward(db, userId, fold, from, toVersion, options);
}
