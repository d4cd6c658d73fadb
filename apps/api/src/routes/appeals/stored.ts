/** What the appeal calls share: the stored answer an appeal names, and an appeal as they answer it. */
import type { Appeal } from '@wenyan/contracts';
import { type AppealedAnswer, appealedAnswerOf } from '@wenyan/domain';
import { type AppealRecord, type Db, findAnswerEvent, listAppeals } from '@wenyan/store';
import { notFound } from '../../plugins/errors.ts';

/**
 * An appeal as the calls answer it; `labels` names the learners as a teacher's list does (the learner's
 * own list, of one learner, shows the name).
 */
export const toAppeal = (r: AppealRecord, labels?: ReadonlyMap<string, string>): Appeal => ({
  ...r,
  learnerLabel: labels?.get(r.learnerId) ?? r.learnerName,
  remark: r.remark ? { ...r.remark } : null,
});

/** The learner's answer at `version` as an appeal and a re-mark need it, or 404. */
export async function storedAnswer(db: Db, learnerId: string, version: number): Promise<AppealedAnswer> {
  const answer = await findAnswerEvent(db, learnerId, version);
  if (!answer) throw notFound('answer');
  return appealedAnswerOf(answer, version);
}

/**
 * The learner's appeal of the answer at `version`, as the read model has it after a command; `labels`
 * as in `toAppeal` (a teacher's reply).
 */
export async function appealOf(
  db: Db,
  learnerId: string,
  version: number,
  labels?: ReadonlyMap<string, string>,
): Promise<Appeal> {
  const found = (await listAppeals(db, { learnerIds: [learnerId] })).find((a) => a.answerVersion === version);
  if (!found) throw notFound('appeal');
  return toAppeal(found, labels);
}
