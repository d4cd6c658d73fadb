/**
 * The learner view: the projected view at its checkpoint plus any events after it, so a read right
 * after a write sees the write even before the projector ran.
 */
import {
  initialLearnerView,
  LEARNER_VIEW_VERSION,
  type LearnerView,
  projectLearner,
  upcast,
} from '@wenyan/domain';
import type { Db } from '../db.ts';
import { learnerStreamId, readStream } from '../event-store.ts';

const PAGE = 2000;

/** The learner's current view and the stream version it reflects. */
export async function readLearnerView(
  db: Db,
  userId: string,
): Promise<{ view: LearnerView; version: number }> {
  const row = await db
    .selectFrom('learner_projections')
    .select(['view', 'checkpoint', 'view_schema'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const usable = row && row.view_schema === LEARNER_VIEW_VERSION;
  let view = usable ? (row.view as LearnerView) : initialLearnerView;
  let version = usable ? row.checkpoint : 0;
  for (;;) {
    const page = await readStream(db, learnerStreamId(userId), { afterVersion: version, limit: PAGE });
    for (const e of page) {
      view = projectLearner(view, upcast({ type: e.type, schemaVersion: e.schemaVersion, data: e.data }));
      version = e.version;
    }
    if (page.length < PAGE) break;
  }
  return { view, version };
}
