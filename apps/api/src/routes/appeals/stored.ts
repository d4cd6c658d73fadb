/** What the appeal calls share: the stored answer an appeal names, and an appeal as they answer it. */
import type { Appeal } from '@wenyan/contracts';
import { type AppealedAnswer, appealedAnswerOf } from '@wenyan/domain';
import { type AppealRecord, type Db, findAnswerEvent, listAppeals } from '@wenyan/store';
import { notFound } from '../../plugins/errors.ts';

/** An appeal as the calls answer it. */
export const toAppeal = (r: AppealRecord): Appeal => ({ ...r, remark: r.remark ? { ...r.remark } : null });

/** The learner's answer at `version` as an appeal and a re-mark need it, or 404. */
export async function storedAnswer(db: Db, learnerId: string, version: number): Promise<AppealedAnswer> {
  const answer = await findAnswerEvent(db, learnerId, version);
  if (!answer) throw notFound('answer');
  return appealedAnswerOf(answer, version);
}

/** The learner's appeal of the answer at `version`, as the read model has it after a command. */
export async function appealOf(db: Db, learnerId: string, version: number): Promise<Appeal> {
  const found = (await listAppeals(db, { learnerIds: [learnerId] })).find((a) => a.answerVersion === version);
  if (!found) throw notFound('appeal');
  return toAppeal(found);
}
