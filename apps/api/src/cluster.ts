import cluster, { type Worker } from 'node:cluster';
import type { StoredHead, UserRecord } from '@wenyan/store';
import { pino } from 'pino';
import { AggregatorRegistry } from 'prom-client';

/** Asked by a server process for the metrics of every process (`GET /api/metrics`). */
const METRICS_REQUEST = 'wyt:metrics-request';
const METRICS_REPLY = 'wyt:metrics-reply';

interface MetricsRequest {
  type: typeof METRICS_REQUEST;
  id: number;
}

/**
 * What one server process learned in one event-loop turn and passes, through the primary, to the others:
 * the learner heads it appended and the sessions it looked up.
 */
const CLUSTER_NEWS = 'wyt:cluster-news';

/**
 * One appended head: the stream, its new version, the stored snapshot's JSON, the parts the append
 * wrote (JSON rows `{ key, value }`) and the version it was appended on.
 */
type AppendedHead = [
  streamId: string,
  version: number,
  snapshotJson: string,
  partsJson: string,
  fromVersion: number,
];

/** A session one server process resolved from the database, as it tells the cluster's other processes. */
export interface SharedSession {
  /** The token's digest (the cache key); the token itself never leaves the request. */
  sessionId: string;
  user: UserRecord;
  /** The session's own end (epoch ms). */
  expiresAt: number;
  /** When the lookup began, in ms of the machine's monotonic clock (`monotonicMs`), shared by its processes. */
  readAt: number;
}

export interface ClusterNews {
  type: typeof CLUSTER_NEWS;
  heads: AppendedHead[];
  sessions: SharedSession[];
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
 * - The learner heads a process appends and the sessions it looks up are passed to the others
 *   (`clusterNews`, `hearNews`), so a learner's next request is served from memory whichever process
 *   it reaches. What one process learned within CLUSTER_NEWS_MS travels as one message, so it pays
 *   one write for several answers.
 */
export async function runPrimary(processes: number): Promise<void> {
  const aggregator = new AggregatorRegistry();
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (message: MetricsRequest | ClusterNews) => {
      if (message?.type === CLUSTER_NEWS) {
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
    // A process that dies is worth an operator's attention (warn), and so is its replacement listening.
    logger.warn({ pid: worker.process.pid, code, signal }, 'API process died; starting another');
    const replacement = fork();
    replacement.once('listening', () =>
      logger.warn({ pid: replacement.process.pid }, 'API process started again and listening'),
    );
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

/** Passing news on only saves the next process a read: a message that cannot go is dropped. */
const ignoreError = () => {};

/**
 * Gathers what this process learns within `windowMs` (0: one event-loop turn): the latest head of each
 * stream and the sessions looked up, and hands it to `send` as one message when the window closes. Each
 * message is a write and a wake-up in this process, the primary and the other processes, which on a
 * shared VM cost far more than the answers' JavaScript: a window of a few tens of milliseconds gathers
 * several answers even at modest rates, and is far shorter than the seconds between a learner's answers.
 */
export function newsTeller(send: (news: ClusterNews) => void, windowMs = 0) {
  let heads = new Map<string, AppendedHead>();
  let sessions: SharedSession[] = [];
  let scheduled = false;
  const flush = () => {
    const news: ClusterNews = { type: CLUSTER_NEWS, heads: [...heads.values()], sessions };
    heads = new Map();
    sessions = [];
    scheduled = false;
    send(news);
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    // Unreferenced: news still waiting when the process stops is only a read the others will make.
    if (windowMs > 0) setTimeout(flush, windowMs).unref();
    else setImmediate(flush);
  };
  return {
    head(streamId: string, version: number, stored: StoredHead): void {
      schedule();
      const known = heads.get(streamId);
      if (known !== undefined && known[1] >= version) return;
      // Two appends in a row in one window: one head, with the parts both wrote (the later wins a key).
      const partsJson =
        known !== undefined && known[1] === stored.fromVersion
          ? JSON.stringify([
              ...(JSON.parse(known[3]) as unknown[]),
              ...(JSON.parse(stored.partsJson) as unknown[]),
            ])
          : stored.partsJson;
      const fromVersion =
        known !== undefined && known[1] === stored.fromVersion ? known[4] : stored.fromVersion;
      heads.set(streamId, [streamId, version, stored.snapshotJson, partsJson, fromVersion]);
    },
    session(shared: SharedSession): void {
      schedule();
      sessions.push(shared);
    },
  };
}

/**
 * In a server process of a cluster: tells the other processes, through the primary, the learner heads
 * this one appended (`createLearnerHeads`' `tell`) and the sessions it looked up (`createSessionCache`'s),
 * a window's news at a time (CLUSTER_NEWS_MS).
 */
export const clusterNews = (windowMs: number) =>
  newsTeller((news) => {
    if (process.connected) process.send?.(news, ignoreError);
  }, windowMs);

/**
 * In a server process of a cluster: hands the learner heads and the sessions the other processes passed
 * on to `head` and `session`. Returns the function that stops listening.
 */
export function hearNews(hear: {
  head?: ((streamId: string, version: number, stored: StoredHead) => void) | undefined;
  session?: ((shared: SharedSession) => void) | undefined;
}): () => void {
  const onMessage = (message: Partial<ClusterNews>) => {
    if (message?.type !== CLUSTER_NEWS) return;
    for (const head of Array.isArray(message.heads) ? (message.heads as unknown[]) : []) {
      const [streamId, version, snapshotJson, partsJson, fromVersion] = Array.isArray(head)
        ? (head as unknown[])
        : [];
      if (
        typeof streamId === 'string' &&
        typeof version === 'number' &&
        typeof snapshotJson === 'string' &&
        typeof partsJson === 'string' &&
        typeof fromVersion === 'number'
      ) {
        hear.head?.(streamId, version, { snapshotJson, partsJson, fromVersion });
      }
    }
    for (const shared of Array.isArray(message.sessions) ? message.sessions : []) {
      if (typeof shared?.sessionId === 'string' && typeof shared.user?.id === 'string')
        hear.session?.(shared);
    }
  };
  process.on('message', onMessage);
  return () => process.off('message', onMessage);
}
