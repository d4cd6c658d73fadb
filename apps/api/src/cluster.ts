import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { AggregatorRegistry } from 'prom-client';

/** Asked by a server process for the metrics of every process (`GET /api/metrics`). */
const METRICS_REQUEST = 'wyt:metrics-request';
const METRICS_REPLY = 'wyt:metrics-reply';

interface MetricsRequest {
  type: typeof METRICS_REQUEST;
  id: number;
}

/** The learner heads one server process appended in one event-loop turn, passed by the primary to the others. */
const HEADS_APPENDED = 'wyt:heads-appended';

/** One appended head: the stream, its new version and the stored snapshot's JSON. */
type AppendedHead = [streamId: string, version: number, snapshotJson: string];

export interface HeadsAppended {
  type: typeof HEADS_APPENDED;
  heads: AppendedHead[];
}

/** The primary's log: pino, in the format of the server processes' (Fastify's) logs. */
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info', base: { pid: process.pid, role: 'primary' } });
const log = (msg: string, fields: Record<string, unknown> = {}) => logger.info(fields, msg);

/**
 * The primary of `API_PROCESSES` server processes (distributed mode only: each is a whole API on the
 * shared Postgres and Redis, so they are interchangeable). Node's cluster module hands the listening
 * socket's connections to them in turn, so one machine's cores all serve HTTP and websockets.
 *
 * - The first process starts alone (it migrates and seeds); the others start once it listens.
 * - A process that dies is started again; SIGTERM or SIGINT is passed to every process, and the
 *   primary exits when they have all finished their in-flight work.
 * - `GET /api/metrics` on any process answers the sum over all of them (prom-client's aggregator).
 * - A learner head one process appends is passed to the others (`tellHead`, `hearHeads`), so the
 *   learner's next command is decided from memory whichever process it reaches. The heads of one
 *   event-loop turn travel as one message, so a busy process pays one write for several answers.
 */
export async function runPrimary(processes: number): Promise<void> {
  const aggregator = new AggregatorRegistry();
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (message: MetricsRequest | HeadsAppended) => {
      if (message?.type === HEADS_APPENDED) {
        for (const other of Object.values(cluster.workers ?? {})) {
          if (other && other !== worker && other.isConnected()) other.send(message, ignoreError);
        }
        return;
      }
      if (message?.type !== METRICS_REQUEST) return;
      aggregator.clusterMetrics().then(
        (text) => worker.send({ type: METRICS_REPLY, id: message.id, text }),
        (err: unknown) => worker.send({ type: METRICS_REPLY, id: message.id, error: String(err) }),
      );
    });
    return worker;
  };
  const listening = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      worker.once('listening', () => resolve());
      worker.once('exit', (code) => reject(new Error(`API process exited with ${code} before listening`)));
    });

  try {
    await listening(fork());
    await Promise.all(Array.from({ length: processes - 1 }, () => listening(fork())));
  } catch (err) {
    // A process that cannot start (no database, a bad setting) would only die again: stop here.
    console.error(String(err));
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(1);
  }
  log('API processes listening', { processes });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log('API process died; starting another', { pid: worker.process.pid, code, signal });
    fork();
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    let codes = 0;
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker.once('exit', (code) => {
        codes |= code ?? 1;
        if (--left === 0) process.exit(codes === 0 ? 0 : 1);
      });
      worker.process.kill(signal);
    }
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** In a server process of a cluster: the metrics of every process, from the primary. */
export function clusterMetrics(timeoutMs = 5000): Promise<string> {
  const id = Math.floor(Math.random() * 2 ** 31);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary did not answer with the metrics'));
    }, timeoutMs);
    function onMessage(message: { type?: string; id?: number; text?: string; error?: string }) {
      if (message?.type !== METRICS_REPLY || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? '');
    }
    process.on('message', onMessage);
    process.send?.({ type: METRICS_REQUEST, id } satisfies MetricsRequest);
  });
}

export const inCluster = () => cluster.isWorker;

/** Passing a head on only saves the next process a read: a message that cannot go is dropped. */
const ignoreError = () => {};

/**
 * A `tell` that gathers the heads appended in one event-loop turn and hands them to `send` as one
 * message (the latest head of each stream), after the turn. At exam-season rates a turn of a busy
 * process finishes several answers, and each message is a write and a read in this process, the
 * primary and the other processes.
 */
export function headTeller(send: (message: HeadsAppended) => void) {
  let pending: Map<string, AppendedHead> | null = null;
  const flush = () => {
    const heads = [...pending!.values()];
    pending = null;
    send({ type: HEADS_APPENDED, heads });
  };
  return (streamId: string, version: number, snapshotJson: string): void => {
    if (pending === null) {
      pending = new Map();
      setImmediate(flush);
    }
    const known = pending.get(streamId);
    if (known === undefined || known[1] < version) pending.set(streamId, [streamId, version, snapshotJson]);
  };
}

/**
 * In a server process of a cluster: tells the other processes, through the primary, the learner heads
 * this one appended (`createLearnerHeads`' `tell`), a turn's heads at a time.
 */
export const tellHead = headTeller((message) => {
  if (process.connected) process.send?.(message, ignoreError);
});

/**
 * In a server process of a cluster: hands `hear` the learner heads the other processes appended.
 * Returns the function that stops listening.
 */
export function hearHeads(
  hear: (streamId: string, version: number, snapshotJson: string) => void,
): () => void {
  const onMessage = (message: Partial<HeadsAppended>) => {
    if (message?.type !== HEADS_APPENDED || !Array.isArray(message.heads)) return;
    for (const head of message.heads as unknown[]) {
      if (!Array.isArray(head)) continue;
      const [streamId, version, snapshotJson] = head as unknown[];
      if (typeof streamId === 'string' && typeof version === 'number' && typeof snapshotJson === 'string') {
        hear(streamId, version, snapshotJson);
      }
    }
  };
  process.on('message', onMessage);
  return () => process.off('message', onMessage);
}
