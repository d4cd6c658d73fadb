import { describe, expect, it } from 'vitest';
import {
  type HistoryBlock,
  historyTable,
  interleavedOrder,
  ratio,
  summarize,
  walByRelation,
  walOfDatabase,
} from './history.ts';

describe('the history bench', () => {
  it('takes the sizes forwards then backwards in each round', () => {
    expect(interleavedOrder([10, 100, 1000, 5000], 2)).toEqual([
      10, 100, 1000, 5000, 5000, 1000, 100, 10, 10, 100, 1000, 5000, 5000, 1000, 100, 10,
    ]);
    expect(interleavedOrder([10], 0)).toEqual([]);
  });

  it("counts one database's WAL records and its transactions' commits, not the others'", () => {
    const dump = [
      // Ours: an insert (with a full-page image) and its index entry in transaction 700.
      'rmgr: Heap        len (rec/tot):     54/   734, tx:        700, lsn: 0/0B459670, prev 0/0B459638, desc: INSERT off 8 flags 0x01, blkref #0: rel 1663/16387/2615 blk 0 FPW',
      'rmgr: Btree       len (rec/tot):     64/    64, tx:        700, lsn: 0/0B459950, prev 0/0B459670, desc: INSERT_LEAF off 3, blkref #0: rel 1663/16387/2684 blk 1',
      // Another database's transaction 701, and its commit.
      'rmgr: Heap        len (rec/tot):     79/    79, tx:        701, lsn: 0/0B459A40, prev 0/0B459950, desc: INSERT off 5 flags 0x00, blkref #0: rel 1663/16386/16390 blk 0',
      'rmgr: Transaction len (rec/tot):     34/    34, tx:        701, lsn: 0/0B459A90, prev 0/0B459A40, desc: COMMIT 2026-12-01 21:00:00.000000 UTC',
      // Our commit: no relation, but our transaction.
      'rmgr: Transaction len (rec/tot):     46/    46, tx:        700, lsn: 0/0B459AC0, prev 0/0B459A90, desc: COMMIT 2026-12-01 21:00:00.000001 UTC',
      // A prune of our page outside any transaction; the server's own records.
      'rmgr: Heap2       len (rec/tot):     59/    59, tx:          0, lsn: 0/0B459AF0, prev 0/0B459AC0, desc: PRUNE latestRemovedXid 690 nredirected 0 ndead 1, blkref #0: rel 1663/16387/16400 blk 3',
      'rmgr: Standby     len (rec/tot):     50/    50, tx:          0, lsn: 0/0B459B30, prev 0/0B459AF0, desc: RUNNING_XACTS nextXid 702 latestCompletedXid 701 oldestRunningXid 702',
      'pg_waldump: error: error in WAL record at 0/0B459B30: invalid record length at 0/0B459B68',
    ].join('\n');
    expect(walOfDatabase(dump, 16387)).toBe(734 + 64 + 46 + 59);
    expect(walOfDatabase(dump, 16386)).toBe(79 + 34);
    // 1638 is a prefix of neither's oid as a whole number.
    expect(walOfDatabase(dump, 1638)).toBe(0);
    // The same records by relation: the full-page image's record apart, the commit under '-'.
    expect(Object.fromEntries(walByRelation(dump, 16387))).toEqual({
      '2615': { bytes: 734, fpi: 734, records: 1 },
      '2684': { bytes: 64, fpi: 0, records: 1 },
      '-': { bytes: 46, fpi: 0, records: 1 },
      '16400': { bytes: 59, fpi: 0, records: 1 },
    });
    expect(Object.fromEntries(walByRelation(dump, 16386))).toEqual({
      '16390': { bytes: 79, fpi: 0, records: 1 },
      '-': { bytes: 34, fpi: 0, records: 1 },
    });
  });

  const block = (
    size: number,
    answers: number,
    cpu: Record<string, number>,
    wal: number | null,
    latencies: number[],
  ) =>
    ({
      size,
      answers,
      failures: 0,
      cpu,
      serverWal: wal === null ? null : wal * 2,
      ownWal: wal,
      latencies,
      durationMs: 1000,
    }) satisfies HistoryBlock;

  it('pools the blocks of a size per answer, and gives the ratios against the smallest', () => {
    // At rest the processes spend 50 ms a second; each block lasts a second.
    const rows = summarize(
      [
        block(1000, 100, { api: 400, worker: 200, postgres: 400 }, 40_000, [9, 11]),
        block(10, 100, { api: 100, worker: 50, postgres: 50 }, 5000, [2, 3]),
        block(10, 100, { api: 150, worker: 50, postgres: 100 }, 7000, [4, 1]),
        block(1000, 100, { api: 600, worker: 200, postgres: 200 }, 60_000, [10, 12]),
      ],
      50,
    );
    expect(rows.map((r) => r.size)).toEqual([10, 1000]);
    const [small, large] = rows as [(typeof rows)[0], (typeof rows)[0]];
    expect(small).toMatchObject({ blocks: 2, answers: 200, serverWalPerAnswer: 120, ownWalPerAnswer: 60 });
    expect(small.cpu).toEqual({ api: 1.25, worker: 0.5, postgres: 0.75, total: 2.5 });
    expect(small.cpuRange).toEqual([2, 3]);
    expect(small.netCpu).toBe((500 - 100) / 200);
    expect([small.p50, small.p95]).toEqual([3, 4]);
    expect(large.cpu.total).toBe(10);
    const x = ratio(rows, 1000, 10)!;
    expect(x).toMatchObject({ of: 1000, to: 10, cpu: 4, ownWal: 500 / 60, serverWal: 1000 / 120 });
    expect(x.netCpu).toBeCloseTo(9.5 / 2);
    expect(x.p50).toBeCloseTo(11 / 3);
    expect(ratio(rows, 5000, 10)).toBeNull();
  });

  it('leaves the WAL out where a block did not measure it (PGlite)', () => {
    const rows = summarize([block(10, 50, { api: 100 }, null, [1]), block(10, 50, { api: 100 }, 3000, [1])]);
    expect(rows[0]!.ownWalPerAnswer).toBeNull();
    const lines = historyTable(rows, [ratio(rows, 10, 10)]);
    expect(lines[2]).toBe('| 10 | 100 | 2.00 | **2.00** (2.00–2.00) | 2.00 | n/a | n/a | 1.0 | 1.0 |');
    expect(lines.at(-1)).toBe(
      '10 vs 10: CPU 1.00× (net of idle 1.00×), WAL n/a (own database; whole server n/a), p50 1.00×',
    );
  });

  it('prints the roles in the order api, worker, postgres', () => {
    const rows = summarize([block(10, 1, { postgres: 3, worker: 2, api: 1 }, 1024, [5])]);
    expect(historyTable(rows, [])[0]).toContain('CPU ms/answer (api · worker · postgres)');
    expect(historyTable(rows, [])[2]).toContain('| 1.00 · 2.00 · 3.00 | **6.00**');
  });
});
