/**
 * Free text a learner typed, sealed in the event log with a key of their own (issue 37): an answer's
 * text (`selectedAnswer`) and the learner's notes (an appeal's note, an error-book note) are stored
 * AES-256-GCM-encrypted under the learner's data key (`learner_keys`, migration 0018). Erasing the
 * account deletes the key, so the text is gone from the log, its projections and every later backup,
 * while the log itself stays immutable.
 *
 * It all happens at the store boundary: `sealEvents` when appending, and the `LearnerKeyRing` Kysely
 * plugin when reading (any result row with a `data` object has its sealed fields opened), so the
 * domain, the deciders and the readers see plain text as before. A field whose key is gone reads as
 * `ERASED_TEXT`.
 */
import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import {
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely';
import type { Database } from './tables.ts';

/** What a sealed field reads as once its learner's key was destroyed. */
export const ERASED_TEXT = '（已刪除）';

/** The event types whose free-text fields are sealed, and those fields. */
const SEALED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  AnswerSubmitted: ['selectedAnswer'],
  AnswerAppealed: ['selectedAnswer', 'note'],
  AnswerRemarked: ['selectedAnswer'],
  ErrorNoteSaved: ['note'],
};
/** Every field name that may be sealed, for the reader (which may not know the row's type). */
const SEALABLE = ['selectedAnswer', 'note'] as const;

/** A sealed field as stored: the learner, a 12-byte IV, and the ciphertext with its 16-byte tag. */
interface Sealed {
  $sealed: 1;
  u: string;
  iv: string;
  ct: string;
}

const isSealed = (value: unknown): value is Sealed =>
  typeof value === 'object' && value !== null && (value as { $sealed?: unknown }).$sealed === 1;

/**
 * The sealed fields of a result row, for the reader: in the row's `data` (an event row), or in the
 * `data` of each event of a nested `events` array (the projector's batch read).
 */
function sealedIn(row: UnknownRow, out: Array<{ data: Record<string, unknown>; field: string }>): void {
  collect(row.data, out);
  const events = row.events;
  if (Array.isArray(events)) {
    for (const event of events) if (typeof event === 'object' && event !== null) collect(event.data, out);
  }
}

function collect(data: unknown, out: Array<{ data: Record<string, unknown>; field: string }>): void {
  if (typeof data !== 'object' || data === null) return;
  for (const field of SEALABLE) {
    if (isSealed((data as Record<string, unknown>)[field])) {
      out.push({ data: data as Record<string, unknown>, field });
    }
  }
}

/** How long a process trusts a key (or its absence) it read from the database (distributed mode). */
const KEY_TTL_MS = 5 * 60_000;
/** Keys a process keeps at most (distributed mode; the first stored go first, and are read again if needed). */
const MAX_KEYS = 100_000;
const LEARNER_STREAM_PREFIX = 'learner-';

/** A learner's key as the ring keeps it: the bytes (to store again) and the cipher's key object. */
interface KnownKey {
  raw: Buffer;
  key: KeyObject;
}

const knownKey = (raw: Buffer): KnownKey => ({ raw, key: createSecretKey(raw) });

/**
 * The learners' data keys a process knows, and the plugin that opens sealed fields in every result.
 * Embedded (`complete`), this process is the database's one writer: every key is loaded at start and
 * kept, so no read ever waits on another query. Distributed, keys are read (and re-read after
 * `KEY_TTL_MS`, so an erasure elsewhere takes effect) from the database on a separate connection: a
 * result's unknown learners in one query, and a learner's first sealing makes or reads their key in one
 * statement. Each key is kept as a `KeyObject`, made once (a raw key costs the cipher as much again).
 */
export class LearnerKeyRing implements KyselyPlugin {
  readonly #keys = new Map<string, { key: KnownKey | null; until: number; unconfirmed?: boolean }>();
  #root: Kysely<Database> | null = null;
  #complete = false;

  /** Binds the ring to its database (after migrating); `complete` loads every key now. */
  async attach(root: Kysely<Database>, complete: boolean): Promise<void> {
    this.#root = root.withoutPlugins();
    this.#complete = complete;
    await this.reload();
  }

  /** Forgets every key known, and (embedded) loads them all again: after a restore, say. */
  async reload(): Promise<void> {
    this.#keys.clear();
    if (!this.#complete || !this.#root) return;
    const rows = await this.#root.selectFrom('learner_keys').select(['user_id', 'data_key']).execute();
    for (const row of rows)
      this.#remember(String(row.user_id), knownKey(Buffer.from(row.data_key, 'base64')));
  }

  #remember(userId: string, key: KnownKey | null, unconfirmed = false): void {
    const until = this.#complete ? Number.POSITIVE_INFINITY : Date.now() + KEY_TTL_MS;
    if (!this.#complete && this.#keys.size >= MAX_KEYS && !this.#keys.has(userId)) {
      // Insertion order: the oldest entry goes (it is re-read if needed).
      const oldest = this.#keys.keys().next().value;
      if (oldest !== undefined) this.#keys.delete(oldest);
    }
    this.#keys.set(userId, unconfirmed ? { key, until, unconfirmed } : { key, until });
  }

  /** A key known and still trusted (undefined: not known, or its time is up). */
  #known(userId: string): { key: KnownKey | null; unconfirmed?: boolean } | undefined {
    const known = this.#keys.get(userId);
    return known && known.until > Date.now() ? known : undefined;
  }

  /**
   * The learner's key: from memory, else the database; with `create`, made first when there is none,
   * through `via` (the appender's handle, perhaps a transaction). A key made inside a transaction is
   * written again by the next append until one outside a transaction has stored it for sure, so a
   * rolled-back transaction cannot leave this process sealing under a key nobody kept.
   */
  async keyFor(userId: string, create: boolean, via?: Kysely<Database>): Promise<KeyObject | null> {
    const known = this.#known(userId);
    if (known && (known.key || !create)) {
      if (known.key && known.unconfirmed && create) {
        const handle = (via ?? this.#root)?.withoutPlugins();
        if (handle) {
          await this.#store(handle, userId, known.key.raw);
          if (!handle.isTransaction) this.#remember(userId, known.key);
        }
      }
      return known.key?.key ?? null;
    }
    if (this.#complete && !create) return known?.key?.key ?? null;
    const handle = (via ?? this.#root)?.withoutPlugins();
    if (!handle) return known?.key?.key ?? null;
    const stored = create ? await this.#readOrMake(handle, userId) : await this.#read(handle, userId);
    const key = stored ? knownKey(stored) : null;
    this.#remember(userId, key, create && handle.isTransaction);
    return key?.key ?? null;
  }

  async #read(handle: Kysely<Database>, userId: string): Promise<Buffer | null> {
    const row = await handle
      .selectFrom('learner_keys')
      .select('data_key')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? Buffer.from(row.data_key, 'base64') : null;
  }

  /**
   * The learner's key, made now when there is none: one statement (the insert's row, or the stored
   * one). A key another writer committed after the statement's snapshot was taken is read again.
   */
  async #readOrMake(handle: Kysely<Database>, userId: string): Promise<Buffer | null> {
    const made = randomBytes(32).toString('base64');
    const { rows } = await sql<{ data_key: string }>`
      with made as (
        insert into learner_keys (user_id, data_key) values (${userId}, ${made})
        on conflict (user_id) do nothing
        returning data_key
      )
      select data_key from made
      union all
      select data_key from learner_keys where user_id = ${userId}
    `.execute(handle);
    const row = rows[0];
    return row ? Buffer.from(row.data_key, 'base64') : await this.#read(handle, userId);
  }

  async #store(handle: Kysely<Database>, userId: string, key: Buffer): Promise<void> {
    await handle
      .insertInto('learner_keys')
      .values({ user_id: userId, data_key: key.toString('base64') })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /** Reads, in one query, the keys of those learners not known now (distributed mode). */
  async #load(userIds: Iterable<string>): Promise<void> {
    if (this.#complete || !this.#root) return;
    const wanted = [...new Set(userIds)].filter((id) => this.#known(id) === undefined);
    if (wanted.length === 0) return;
    const rows = await this.#root
      .selectFrom('learner_keys')
      .select(['user_id', 'data_key'])
      .where('user_id', 'in', wanted)
      .execute();
    const found = new Map(rows.map((r) => [String(r.user_id), r.data_key]));
    for (const id of wanted) {
      const stored = found.get(id);
      this.#remember(id, stored === undefined ? null : knownKey(Buffer.from(stored, 'base64')));
    }
  }

  /** Forgets a learner's key (their account was erased). */
  forget(userId: string): void {
    this.#remember(userId, null);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // Most results have no `data` column or sealed field: the check stays synchronous until one turns up.
    const sealed: Array<{ data: Record<string, unknown>; field: string }> = [];
    for (const row of args.result.rows) sealedIn(row, sealed);
    if (sealed.length === 0) return args.result;
    await this.#load(sealed.map(({ data, field }) => (data[field] as Sealed).u));
    for (const { data, field } of sealed) data[field] = await this.open(data[field] as Sealed);
    return args.result;
  }

  /** Opens, in place, the sealed fields of one event's `data` (anything else is left alone). */
  async openData(data: unknown): Promise<void> {
    if (typeof data !== 'object' || data === null) return;
    for (const field of SEALABLE) {
      const value = (data as Record<string, unknown>)[field];
      if (isSealed(value)) (data as Record<string, unknown>)[field] = await this.open(value);
    }
  }

  /** The plain text of a sealed field, or `ERASED_TEXT` when its key is gone (or it was tampered with). */
  async open(sealed: Sealed): Promise<string> {
    const known = this.#known(sealed.u);
    const key = known ? (known.key?.key ?? null) : await this.keyFor(sealed.u, false);
    if (!key) return ERASED_TEXT;
    try {
      const bytes = Buffer.from(sealed.ct, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return ERASED_TEXT;
    }
  }
}

/** The key ring a database handle (or a transaction of it) reads through, if it has one. */
export function keyRingOf(db: Kysely<Database>): LearnerKeyRing | null {
  const plugins = (db.getExecutor() as unknown as { plugins: readonly KyselyPlugin[] }).plugins ?? [];
  return (plugins.find((p) => p instanceof LearnerKeyRing) as LearnerKeyRing | undefined) ?? null;
}

/** Random bytes drawn in blocks, 12 at a time for the IVs (one `randomBytes` call per 256 seals). */
let ivPool = Buffer.alloc(0);
let ivAt = 0;

/** A fresh random 12-byte IV (never handed out twice: a used block is dropped, not refilled). */
function nextIv(): Buffer {
  if (ivAt + 12 > ivPool.length) {
    ivPool = randomBytes(12 * 256);
    ivAt = 0;
  }
  const iv = ivPool.subarray(ivAt, ivAt + 12);
  ivAt += 12;
  return iv;
}

function seal(key: KeyObject, userId: string, text: string): Sealed {
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { $sealed: 1, u: userId, iv: iv.toString('base64'), ct: ct.toString('base64') };
}

/** An event about to be appended (the event store's `NewEvent`), as far as sealing reads it. */
interface SealableEvent {
  readonly type: string;
  readonly data: Record<string, unknown>;
}

/**
 * The events as they are stored: on a learner's stream, the free-text fields sealed under the
 * learner's key (made at their first such event). Events without free text are returned as they are.
 */
export async function sealEvents<E extends SealableEvent>(
  db: Kysely<Database>,
  streamId: string,
  events: E[],
): Promise<E[]> {
  if (!streamId.startsWith(LEARNER_STREAM_PREFIX)) return events;
  const sealable = events.some((event) =>
    SEALED_FIELDS[event.type]?.some((field) => typeof event.data[field] === 'string'),
  );
  if (!sealable) return events;
  const ring = keyRingOf(db);
  if (!ring) return events;
  const userId = streamId.slice(LEARNER_STREAM_PREFIX.length);
  const key = await ring.keyFor(userId, true, db);
  if (!key) return events;
  return events.map((event) => {
    const fields = SEALED_FIELDS[event.type]?.filter((field) => typeof event.data[field] === 'string');
    if (!fields || fields.length === 0) return event;
    const data = { ...event.data };
    for (const field of fields) data[field] = seal(key, userId, data[field] as string);
    return { ...event, data };
  });
}
