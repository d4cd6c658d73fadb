/**
 * Free text a learner types is erased with their account (issue 37): their answers' text, their
 * error-book notes and appeal notes are sealed in the event log under a data key of their own, readable by the product (the
 * error book, the export) until the account is deleted, and by nothing after: the key goes, the read
 * models' copies go, and no table, backup line or replay holds the text.
 */
import { backupLines, ERASED_TEXT, readStream } from '@wenyan/store';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { postAnswer, signUp, type TestAccount } from '../support/accounts.ts';
import { MODES, useTestApp, waitForProjection } from '../support/app-harness.ts';

const PASSWORD = 'correct horse battery';

describe.each(MODES)('free text erased with the account (%s mode)', (mode) => {
  let learner: TestAccount;
  const t = useTestApp(mode);
  const answerText = `陳大文寫的答案${process.pid}${mode}`;
  const noteText = `黃小明的筆記${process.pid}${mode}`;
  const appealText = `李家明老師說可以${process.pid}${mode}`;
  const send = (who: TestAccount, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  /** Rows of every table whose text holds `needle`, as `table` names. */
  const tablesHolding = async (needle: string) => {
    const db = t.runtime.deps.db.withoutPlugins();
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
    `.execute(db);
    const found: string[] = [];
    for (const { table_name } of tables.rows) {
      const n = await sql<{ n: string }>`
        select count(*) as n from ${sql.table(table_name)} x where x::text like ${`%${needle}%`}
      `.execute(db);
      if (Number(n.rows[0]?.n) > 0) found.push(table_name);
    }
    return found;
  };
  const backupText = async () => {
    let text = '';
    for await (const line of backupLines(t.runtime.deps.db)) text += `${line}\n`;
    return text;
  };

  beforeAll(async () => {
    learner = await signUp(t.app, 'freetext');
    const answer = await postAnswer(t.app, learner, 'l01-wi-02', answerText, { timeSpent: 3 });
    expect(answer.statusCode).toBe(200);
    const noted = await send(learner, 'PATCH', `/api/users/${learner.id}/error-questions/l01-wi-02`, {
      isCorrect: false,
      userExplanation: noteText,
    });
    expect(noted.statusCode, noted.body).toBeLessThan(300);
    // A translation marked by its scheme below full marks, appealed with a note naming someone.
    const translated = await postAnswer(t.app, learner, 'l01-st-01', '沒有仁德的人', { timeSpent: 30 });
    expect(translated.statusCode).toBe(200);
    const appealed = await send(learner, 'POST', `/api/users/${learner.id}/appeals`, {
      answerVersion: translated.json().answerVersion,
      note: appealText,
    });
    expect(appealed.statusCode, appealed.body).toBeLessThan(300);
    await waitForProjection(t, learner.id);
  }, 120_000);

  it('seals the text in the log and the backup, and the product still reads it before deletion', async () => {
    // Neither the log nor a backup holds the text in the clear.
    expect(await tablesHolding(answerText)).not.toContain('events');
    expect(await tablesHolding(noteText)).not.toContain('events');
    const backup = await backupText();
    expect(backup).not.toContain(answerText);
    expect(backup).not.toContain(noteText);
    // The product reads it: the stream as the decider and projector see it, the error book, the export.
    const events = await readStream(t.runtime.deps.db, `learner-${learner.id}`);
    expect(JSON.stringify(events)).toContain(answerText);
    const book = await send(learner, 'GET', `/api/users/${learner.id}/error-questions`);
    expect(JSON.stringify(book.json())).toContain(answerText);
    const exported = await send(learner, 'GET', '/api/users/me/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(answerText);
    expect(exported.body).toContain(noteText);
    expect(exported.body).toContain(appealText);
    expect(await tablesHolding(appealText)).not.toContain('events');
  });

  it('after deletion no table, backup or read of the log holds it', async () => {
    const erased = await send(learner, 'POST', '/api/users/me/delete-account', {
      confirm: '刪除帳戶',
      password: PASSWORD,
    });
    expect(erased.statusCode).toBe(200);
    expect(await tablesHolding(answerText)).toEqual([]);
    expect(await tablesHolding(noteText)).toEqual([]);
    expect(await tablesHolding(appealText)).toEqual([]);
    const backup = await backupText();
    expect(backup).not.toContain(answerText);
    expect(backup).not.toContain(noteText);
    const keys = await t.runtime.deps.db
      .selectFrom('learner_keys')
      .select('user_id')
      .where('user_id', '=', learner.id)
      .execute();
    expect(keys).toEqual([]);
    // The log stays (immutable), its sealed text now unreadable.
    const events = await readStream(t.runtime.deps.db, `learner-${learner.id}`);
    const answered = events.find((e) => e.type === 'AnswerSubmitted');
    expect(answered?.data.selectedAnswer).toBe(ERASED_TEXT);
    expect(events.find((e) => e.type === 'ErrorNoteSaved')?.data.note).toBe(ERASED_TEXT);
    expect(events.find((e) => e.type === 'AnswerAppealed')?.data.note).toBe(ERASED_TEXT);
    expect(JSON.stringify(events)).not.toContain(appealText);
    expect(JSON.stringify(events)).not.toContain(answerText);
  });
});
