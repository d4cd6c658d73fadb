/**
 * The learners' names as the teacher's queues show them (issue 40): two 陳大文 of a teacher's classes
 * carry their usernames (「陳大文（c7-01）」) in the 待老師批閱 and appeals queues and in the replies to
 * a mark, an acceptance or a refusal, as on the class table and the league, by the domain's one rule
 * (`tellNamesakesApart`).
 */
import { tellNamesakesApart } from '@wenyan/domain';
import { type Db, learnerNames, teacherLearnerIds } from '@wenyan/store';

/** The learners a teacher's lists tell namesakes apart among: their classes' (null for an admin). */
export async function namesakeCircle(
  db: Db,
  viewer: { readonly id: string; readonly roles: readonly string[] },
): Promise<string[] | null> {
  return viewer.roles.includes('admin') ? null : teacherLearnerIds(db, viewer.id);
}

/**
 * The label of each of `shown` (by id), namesakes looked for among `among` (the teacher's learners;
 * null for an admin: the learners shown). A namesake in the teacher's classes with nothing in the
 * queue still marks the one who is there, so the teacher knows which 陳大文 it is.
 */
export async function learnerLabels(
  db: Db,
  shown: readonly string[],
  among: readonly string[] | null,
): Promise<Map<string, string>> {
  const people = await learnerNames(db, [...shown, ...(among ?? [])]);
  const labels = tellNamesakesApart(people);
  return new Map(people.map((p, i) => [p.id, labels[i]!]));
}
