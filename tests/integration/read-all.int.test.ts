/**
 * Reading the whole log in commit order (`readAllCommitted`). A sequence hands out positions before
 * commit, so an event with a lower position can become visible after one with a higher position; a
 * reader of "position > last" then skips it forever. Two interleaved transactions: the first takes the
 * lower position and commits last. The safe reader returns neither while the first is open, then both,
 * in commit order, and skips nothing; a position reader would have moved past the late one.
 */
import { appendToStream, type DatabaseHandle, learnerStreamId, readAllCommitted } from '@wenyan/store';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/test-db.ts';

const event = (n: number) => ({ type: 'SchoolNameChanged', schemaVersion: 1, data: { n } });

describe('reading the whole log while transactions interleave', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createTestDatabase();
    database = created.handle;
    drop = created.drop;
  });
  afterAll(async () => {
    await drop?.();
  });

  it('never skips the event of a transaction that took a lower position and committed later', async () => {
    const db = database.db;
    const early = learnerStreamId(`interleave-a-${process.pid}`);
    const late = learnerStreamId(`interleave-b-${process.pid}`);
    // Everything already in the log is behind the cursor.
    let cursor: { txId: string; position: string } | null = null;
    for (;;) {
      const page = await readAllCommitted(db, cursor, 1000);
      const last = page.at(-1);
      if (!last) break;
      cursor = { txId: last.txId, position: last.position };
    }

    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let appended!: () => void;
    const firstAppended = new Promise<void>((resolve) => {
      appended = resolve;
    });
    // Transaction A appends first (the lower position) and stays open.
    const first = db.transaction().execute(async (trx) => {
      await appendToStream(trx, early, 0, [event(1)], { actor: 'test' });
      appended();
      await held;
    });
    await firstAppended;
    // Transaction B appends after it (a higher position) and commits at once.
    await db.transaction().execute((trx) => appendToStream(trx, late, 0, [event(2)], { actor: 'test' }));

    const positions = async () =>
      (
        await sql<{ stream_id: string; position: string }>`
          select stream_id, position from events where stream_id in (${early}, ${late}) order by position
        `.execute(db)
      ).rows;
    // Only B is visible, with the higher position: a position reader would take it and move past A.
    const visible = await positions();
    expect(visible.map((r) => r.stream_id)).toEqual([late]);

    // The safe reader waits for A: below the oldest open transaction it sees neither.
    const whileOpen = await readAllCommitted(db, cursor, 1000);
    expect(whileOpen.filter((e) => e.streamId === early || e.streamId === late)).toEqual([]);

    release();
    await first;
    const both = await positions();
    expect(both.map((r) => r.stream_id)).toEqual([early, late]);
    expect(BigInt(both[0]!.position)).toBeLessThan(BigInt(visible[0]!.position));

    // Now both come, in commit order (A's transaction began first), and nothing is skipped. (The server
    // is shared: another session's open transaction holds the horizon back a moment, so read until then.)
    const ours = async () =>
      (await readAllCommitted(db, cursor, 1000))
        .filter((e) => e.streamId === early || e.streamId === late)
        .map((e) => e.streamId);
    const deadline = Date.now() + 20_000;
    let after = await ours();
    while (after.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await ours();
    }
    expect(after).toEqual([early, late]);
  });
});
