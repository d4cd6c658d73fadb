import {
  initialLearnerView,
  type LearnerEvent,
  type LearnerView,
  levelForXp,
  projectLearner,
  upcast,
} from '@wenyan/domain';
import { type Db, LEARNER_VIEW_SCHEMA, learnerStreamId, readStream } from '@wenyan/store';

/**
 * The learner's current view: the projected view at its checkpoint plus any events after it, so a
 * read right after a write sees the write even before the projector ran.
 */
export async function loadLearnerView(
  db: Db,
  userId: string,
): Promise<{ view: LearnerView; version: number }> {
  const row = await db
    .selectFrom('learner_projections')
    .select(['view', 'checkpoint', 'view_schema'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const usable = row && row.view_schema === LEARNER_VIEW_SCHEMA;
  let view = usable ? (row.view as LearnerView) : initialLearnerView;
  let version = usable ? row.checkpoint : 0;
  for (;;) {
    const page = await readStream(db, learnerStreamId(userId), { afterVersion: version, limit: 2000 });
    for (const e of page) {
      view = projectLearner(view, upcast({ type: e.type, schemaVersion: e.schemaVersion, data: e.data }));
      version = e.version;
    }
    if (page.length < 2000) break;
  }
  return { view, version };
}

/** Folds freshly decided events onto a view. */
export function withEvents(view: LearnerView, events: readonly LearnerEvent[]): LearnerView {
  return events.reduce(projectLearner, view);
}

export function totalsOf(state: { totalXP: number; streakDays: number }) {
  return { totalXP: state.totalXP, level: levelForXp(state.totalXP), streakDays: state.streakDays };
}
