/** What the rendering calls share: a rendering as they answer it (with its sentence and point), and their refusals. */
import type { AcceptedRendering as RenderingReply } from '@wenyan/contracts';
import {
  type Db,
  findQuestions,
  type RenderingHistory,
  renderingHistory,
  scopeOf,
  type UserRecord,
} from '@wenyan/store';
import { ApiError, notFound } from '../../plugins/errors.ts';

/** Whether the user is an admin (who sees and changes every rendering). */
export const isAdmin = (user: UserRecord) => user.roles.includes('admin');

/** A change the rendering's status does not allow (already approved, rejected or reverted): 409. */
export const statusRefused = () =>
  new ApiError(409, 'RENDERING_STATUS', '這個譯法目前的狀態不容許這項更改（可能已經審批或撤回）');

/** The records with their question's sentence and their point's label. */
export async function withContext(db: Db, records: readonly RenderingHistory[]): Promise<RenderingReply[]> {
  const questions = await findQuestions(db, [...new Set(records.map((r) => r.questionId))]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  return records.map((r) => {
    const q = byId.get(r.questionId);
    return {
      id: r.id,
      questionId: r.questionId,
      questionText: q?.target_text ?? q?.content ?? '',
      pointId: r.pointId,
      pointLabel: q?.marking?.points.find((p) => p.id === r.pointId)?.label ?? r.pointId,
      rendering: r.rendering,
      status: r.status,
      scope: scopeOf(r.status),
      acceptedBy: r.acceptedBy,
      acceptedByName: r.acceptedByName,
      acceptedAt: r.acceptedAt,
      changes: r.changes.map((c) => ({ ...c })),
    };
  });
}

/** One rendering as the calls answer it, or 404. */
export async function replyFor(db: Db, id: string): Promise<RenderingReply> {
  const [reply] = await withContext(db, await renderingHistory(db, { id }));
  if (!reply) throw notFound('rendering');
  return reply;
}
