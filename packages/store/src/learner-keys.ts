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
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { NewEvent } from './event-store.ts';
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

const hasSealed = (data: unknown): boolean =>
  typeof data === 'object' &&
  data !== null &&
  SEALABLE.some((field) => isSealed((data as Record<string, unknown>)[field]));

/** How long a process trusts a key (or its absence) it read from the database (distributed mode). */
const KEY_TTL_MS = 5 * 60_000;
const LEARNER_STREAM_PREFIX = 'learner-';

/**
 * The learners' data keys a process knows, and the plugin that opens sealed fields in every result.
 * Embedded (`complete`), this process is the database's one writer: every key is loaded at start and
 * kept, so no read ever waits on another query. Distributed, keys are read (and re-read after
 * `KEY_TTL_MS`, so an erasure elsewhere takes effect) from the database on a separate connection.
 */
export class LearnerKeyRing implements KyselyPlugin {
  readonly #keys = new Map<string, { key: Buffer | null; until: number; unconfirmed?: boolean }>();
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
    for (const row of rows) this.#remember(String(row.user_id), Buffer.from(row.data_key, 'base64'));
  }

  #remember(userId: string, key: Buffer | null, unconfirmed = false): void {
    const until = this.#complete ? Number.POSITIVE_INFINITY : Date.now() + KEY_TTL_MS;
    this.#keys.set(userId, unconfirmed ? { key, until, unconfirmed } : { key, until });
  }

  /**
   * The learner's key: from memory, else the database; with `create`, made first when there is none,
   * through `via` (the appender's handle, perhaps a transaction). A key made inside a transaction is
   * written again by the next append until one outside a transaction has stored it for sure, so a
   * rolled-back transaction cannot leave this process sealing under a key nobody kept.
   */
  async keyFor(userId: string, create: boolean, via?: Kysely<Database>): Promise<Buffer | null> {
    const known = this.#keys.get(userId);
    const handle = (via ?? this.#root)?.withoutPlugins();
    if (known && (known.key || !create) && known.until > Date.now()) {
      if (known.key && known.unconfirmed && create && handle) {
        await this.#store(handle, userId, known.key);
        if (!handle.isTransaction) this.#remember(userId, known.key);
      }
      return known.key;
    }
    if (!handle || (this.#complete && !create)) return known?.key ?? null;
    let stored = this.#complete ? null : await this.#read(handle, userId);
    if (!stored && create) {
      await this.#store(handle, userId, randomBytes(32));
      stored = await this.#read(handle, userId);
    }
    this.#remember(userId, stored, create && handle.isTransaction);
    return stored;
  }

  async #read(handle: Kysely<Database>, userId: string): Promise<Buffer | null> {
    const row = await handle
      .selectFrom('learner_keys')
      .select('data_key')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? Buffer.from(row.data_key, 'base64') : null;
  }

  async #store(handle: Kysely<Database>, userId: string, key: Buffer): Promise<void> {
    await handle
      .insertInto('learner_keys')
      .values({ user_id: userId, data_key: key.toString('base64') })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /** Forgets a learner's key (their account was erased). */
  forget(userId: string): void {
    this.#remember(userId, null);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // Most results have no `data` column: the check stays synchronous until a sealed field turns up.
    for (const row of args.result.rows) if (hasSealed(row.data)) await this.openData(row.data);
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
    const key = await this.keyFor(sealed.u, false);
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

function seal(key: Buffer, userId: string, text: string): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { $sealed: 1, u: userId, iv: iv.toString('base64'), ct: ct.toString('base64') };
}

/**
 * The events as they are stored: on a learner's stream, the free-text fields sealed under the
 * learner's key (made at their first such event). Events without free text are returned as they are.
 */
export async function sealEvents(
  db: Kysely<Database>,
  streamId: string,
  events: NewEvent[],
): Promise<NewEvent[]> {
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
