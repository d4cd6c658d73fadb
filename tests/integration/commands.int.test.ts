/**
 * The store's command handler on both engines (Postgres and the embedded PGlite run the same SQL):
 * the Idempotency-Key and the stream head come from one read; what a key means stays the same.
 */
import {
  type CommandOutcome,
  type DatabaseHandle,
  type Decision,
  type HeldState,
  handleCommand,
  IdempotencyMismatchError,
  type IdempotencyScope,
  openDatabase,
  readStream,
  type StreamHeadCache,
  type StreamModel,
} from '@wenyan/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../support/pglite-template.ts';
import { createTestDatabase } from '../support/test-db.ts';

interface Tally {
  count: number;
}

type Refusal = { refused: true };

/** The reply of a handled command (undefined for a refusal). */
const replyOf = <R, F>(outcome: CommandOutcome<R, F>) => (outcome.ok ? outcome.reply : undefined);

/** Counts its events; the snapshot is the count. */
const tally: StreamModel<Tally> = {
  initialState: { count: 0 },
  evolve: (state) => ({ count: state.count + 1 }),
  snapshotSchema: 1,
};

const countOne = (): Decision<Tally, Tally, Refusal> => ({
  ok: true,
  events: [{ type: 'Counted', schemaVersion: 1, data: {} }],
  reply: (next) => next,
});

const ENGINES = ['postgres', 'pglite'] as const;

describe.each(ENGINES)('handling a command (%s)', (engine) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let streams = 0;

  beforeAll(async () => {
    if (engine === 'pglite') {
      database = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
      drop = () => database.close();
    } else {
      const created = await createTestDatabase();
      database = created.handle;
      drop = created.drop;
    }
  });
  afterAll(async () => {
    await drop?.();
  });

  const newStream = () => `tally-${engine}-${streams++}`;
  const keyed = (stream: string, key: string, requestHash = 'request-a'): IdempotencyScope => ({
    userId: '7',
    key: `${stream}:${key}`,
    requestHash,
  });
  const count = (streamId: string, idempotency?: IdempotencyScope) =>
    handleCommand(database.db, streamId, tally, countOne, { metadata: { actor: '7' }, idempotency });
  const events = async (streamId: string) => (await readStream(database.db, streamId)).length;

  it('answers a new key on a new stream, then gives the same answer again and appends nothing', async () => {
    const stream = newStream();
    const key = keyed(stream, 'first');
    const first = await count(stream, key);
    expect(first).toMatchObject({ ok: true, reply: { count: 1 }, appended: 1, replayed: false });
    const again = await count(stream, key);
    expect(again).toMatchObject({ ok: true, reply: { count: 1 }, appended: 0, replayed: true });
    expect(await events(stream)).toBe(1);
  });

  it('refuses a key reused for another request', async () => {
    const stream = newStream();
    await count(stream, keyed(stream, 'reused', 'request-a'));
    await expect(count(stream, keyed(stream, 'reused', 'request-b'))).rejects.toBeInstanceOf(
      IdempotencyMismatchError,
    );
    expect(await events(stream)).toBe(1);
  });

  it('folds the log when the snapshot at the head is of another schema', async () => {
    const stream = newStream();
    for (let i = 0; i < 3; i++) await count(stream, keyed(stream, `fold-${i}`));
    await database.db
      .updateTable('streams')
      .set({ snapshot: JSON.stringify({ count: 999 }), snapshot_schema: 0 })
      .where('stream_id', '=', stream)
      .execute();
    expect(replyOf(await count(stream, keyed(stream, 'fold-3')))).toEqual({ count: 4 });
  });

  it('answers a double tap (one key, twice at once) once, with the same answer', async () => {
    const stream = newStream();
    await count(stream);
    const key = keyed(stream, 'double');
    const [a, b] = await Promise.all([count(stream, key), count(stream, key)]);
    expect(replyOf(a)).toEqual(replyOf(b));
    expect(a.ok && b.ok && a.appended + b.appended).toBe(1);
    expect(await events(stream)).toBe(2);
  });

  it('decides again on the fresh head when other writers were first', async () => {
    const stream = newStream();
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) => count(stream, keyed(stream, `writer-${i}`))),
    );
    expect(outcomes.map((o) => replyOf(o)?.count).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await events(stream)).toBe(5);
  });

  describe("deciding from the process's memory of the head", () => {
    const memory = () => {
      const map = new Map<string, HeldState<Tally>>();
      const heads: StreamHeadCache<Tally> = {
        get: (id) => map.get(id),
        set: (id, head) => {
          map.set(id, head);
        },
        delete: (id) => {
          map.delete(id);
        },
      };
      return { map, heads };
    };
    /** Counts, refusing once the count reached `limit`. */
    const countUpTo =
      (limit: number) =>
      (state: Tally): Decision<Tally, Tally, Refusal> =>
        state.count >= limit ? { ok: false, refusal: { refused: true } } : countOne();
    const run = (
      stream: string,
      heads: StreamHeadCache<Tally>,
      idempotency?: IdempotencyScope,
      decide: (state: Tally) => Decision<Tally, Tally, Refusal> = countOne,
    ) => handleCommand(database.db, stream, tally, decide, { metadata: { actor: '7' }, idempotency, heads });

    it('decides on the remembered state without reading the stream, and remembers the new head', async () => {
      const stream = newStream();
      const { map, heads } = memory();
      expect(replyOf(await run(stream, heads))).toEqual({ count: 1 });
      expect(map.get(stream)).toEqual({ state: { count: 1 }, version: 1, known: 'all' });
      // A memory that disagrees with the log at the same version is believed: no read happened.
      map.set(stream, { state: { count: 41 }, version: 1, known: 'all' });
      expect(replyOf(await run(stream, heads))).toEqual({ count: 42 });
      expect(map.get(stream)).toEqual({ state: { count: 42 }, version: 2, known: 'all' });
      expect(await events(stream)).toBe(2);
    });

    /** The database with a count of the statements sent through it. */
    const counted = () => {
      const sent = { statements: 0 };
      const db = database.db.withPlugin({
        transformQuery: (args) => {
          sent.statements++;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      return { db, sent };
    };

    it('decides again on what the refused append read when another writer moved the stream on', async () => {
      const stream = newStream();
      const { map, heads } = memory();
      await run(stream, heads);
      await count(stream); // another process: the memory is now one version behind
      await count(stream);
      expect(map.get(stream)?.version).toBe(1);
      const { db, sent } = counted();
      const outcome = await handleCommand(db, stream, tally, countOne, {
        metadata: { actor: '7' },
        idempotency: keyed(stream, 'behind'),
        heads,
      });
      expect(outcome).toMatchObject({ reply: { count: 4 }, appended: 1, toVersion: 4 });
      // The refused append and the one that landed: the head came back with the refusal, no read.
      expect(sent.statements).toBe(2);
      expect(map.get(stream)).toEqual({ state: { count: 4 }, version: 4, known: 'all' });
      expect(await events(stream)).toBe(4);
    });

    it('answers from the refused append a key another process handled while the memory was behind', async () => {
      const stream = newStream();
      const mine = memory();
      const other = memory();
      await run(stream, mine.heads);
      await run(stream, other.heads); // the other process reads the log and appends at version 2
      const key = keyed(stream, 'elsewhere');
      const first = await run(stream, other.heads, key);
      expect(mine.map.get(stream)?.version).toBe(1);
      const { db, sent } = counted();
      const again = await handleCommand(db, stream, tally, countOne, {
        metadata: { actor: '7' },
        idempotency: key,
        heads: mine.heads,
      });
      expect(again).toMatchObject({ ok: true, reply: replyOf(first), appended: 0, replayed: true });
      expect(sent.statements).toBe(1);
      expect(mine.map.has(stream)).toBe(false);
      await expect(
        run(stream, memory().heads, keyed(stream, 'elsewhere', 'request-b')),
      ).rejects.toBeInstanceOf(IdempotencyMismatchError);
      mine.map.set(stream, { state: { count: 1 }, version: 1, known: 'all' });
      await expect(run(stream, mine.heads, keyed(stream, 'elsewhere', 'request-b'))).rejects.toBeInstanceOf(
        IdempotencyMismatchError,
      );
      expect(await events(stream)).toBe(3);
    });

    it('refuses only on what the log says, never on the memory alone', async () => {
      const stream = newStream();
      const { map, heads } = memory();
      await run(stream, heads);
      // The memory claims the limit is reached; the log (one event) says it is not.
      map.set(stream, { state: { count: 3 }, version: 1, known: 'all' });
      const outcome = await run(stream, heads, undefined, countUpTo(3));
      expect(outcome).toMatchObject({ ok: true, reply: { count: 2 }, appended: 1 });
      await run(stream, heads, undefined, countUpTo(3));
      const refused = await run(stream, heads, undefined, countUpTo(3));
      expect(refused).toEqual({ ok: false, refusal: { refused: true }, toVersion: 3 });
      expect(await events(stream)).toBe(3);
    });

    it('keeps every writer exact when several processes remember the same stream', async () => {
      const stream = newStream();
      const processes = [memory(), memory(), memory()];
      const outcomes = [];
      for (let round = 0; round < 4; round++) {
        outcomes.push(
          ...(await Promise.all(
            processes.map((p, i) => run(stream, p.heads, keyed(stream, `round-${round}-${i}`))),
          )),
        );
      }
      expect(outcomes.map((o) => replyOf(o)?.count ?? 0).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 12 }, (_, i) => i + 1),
      );
      expect(await events(stream)).toBe(12);
    });
  });
});
