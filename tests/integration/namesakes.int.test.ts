/**
 * Two students of the same name in one class league (issue 40): the class's teacher tells them apart
 * by their usernames, a classmate by their namesake tags, and no classmate ever sees a username.
 * One mode: the league's names are made by the same code in both.
 */
import { ClassLeagueSchema } from '@wenyan/contracts';
import { namesakeTag } from '@wenyan/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { openClass, setNames, signUpTeacher, type TestAccount, useAccounts } from '../support/accounts.ts';
import { useTestApp } from '../support/app-harness.ts';

describe('namesakes in a class league (embedded mode)', () => {
  let classId: string;
  const t = useTestApp('embedded', { SESSION_CACHE_MS: '0' });
  const { teacher, first, second, other } = useAccounts(t, {
    teacher: (app) => signUpTeacher(app, 'nsteacher'),
    first: 'ns1',
    second: 'ns2',
    other: 'ns3',
  });

  const get = (who: TestAccount, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const name = (who: TestAccount, firstName: string, lastName: string) =>
    setNames(t.app, who, firstName, lastName);

  beforeAll(async () => {
    classId = (await openClass(t.app, teacher, '中五乙班', [first, second, other])).id;
    await name(first, '大文', '陳');
    // The same name in Simplified characters is the same name to a reader.
    await name(second, '大文', '陈');
    await name(other, '小明', '李');
  }, 120_000);

  const league = async (who: TestAccount) =>
    ClassLeagueSchema.parse((await get(who, `/api/classes/${classId}/league`)).json());

  it('shows classmates each namesake’s tag, the same to every classmate, and no username', async () => {
    const seenByOther = await league(other);
    const names = seenByOther.entries.map((e) => e.name).sort();
    expect(names).toEqual(
      [`陳大文 #${namesakeTag(first.id)}`, `陈大文 #${namesakeTag(second.id)}`, '李小明'].sort(),
    );
    const seenByFirst = await league(first);
    expect(seenByFirst.entries.find((e) => e.isMe)?.name).toBe(`陳大文 #${namesakeTag(first.id)}`);
    expect(seenByFirst.entries.map((e) => e.name).sort()).toEqual(names);
    for (const e of [...seenByOther.entries, ...seenByFirst.entries]) {
      for (const who of [first, second, other]) expect(e.name).not.toContain(who.username);
    }
  });

  it('shows the class’s teacher the namesakes’ usernames, and a name no one shares as it is', async () => {
    const seen = await league(teacher);
    expect(seen.entries.map((e) => e.name).sort()).toEqual(
      [`陳大文（${first.username}）`, `陈大文（${second.username}）`, '李小明'].sort(),
    );
  });
});
