/**
 * The daily reminder's storage (migration 0011): the deployment's VAPID key pair, learners' devices
 * (push subscriptions), their reminder settings, and the one-a-day record of reminders sent.
 */
import webpush from 'web-push';
import type { Db } from './db.ts';

/** The VAPID key pair, base64url, as `web-push` makes and takes it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The deployment's VAPID key pair, made (with `web-push`) by the first process that finds none. Two
 * processes starting at once both try; the table's one row (id 1) keeps the first, and both read it.
 */
export async function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  const stored = await readVapidKeys(db);
  if (stored) return stored;
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto('vapid_keys')
    .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const kept = await readVapidKeys(db);
  if (!kept) throw new Error('the VAPID keys could not be stored');
  return kept;
}

/** The stored VAPID key pair, or null before the first start made it. */
export async function readVapidKeys(db: Db): Promise<VapidKeys | null> {
  const row = await db
    .selectFrom('vapid_keys')
    .select(['public_key', 'private_key'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ? { publicKey: row.public_key, privateKey: row.private_key } : null;
}

/** A device to push to: the push service's endpoint and the browser's keys. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Adds a learner's device, or moves an endpoint already known to this learner (a shared computer's
 * browser reminds whoever subscribed on it last). Past `maxDevices` the learner's oldest go.
 */
export async function savePushSubscription(
  db: Db,
  userId: string,
  target: PushTarget,
  maxDevices: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('push_subscriptions')
      .values({
        endpoint: target.endpoint,
        user_id: userId,
        p256dh: target.keys.p256dh,
        auth: target.keys.auth,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: userId,
          p256dh: target.keys.p256dh,
          auth: target.keys.auth,
          created_at: new Date(),
        }),
      )
      .execute();
    const keep = trx
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('endpoint')
      .limit(maxDevices);
    await trx
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', 'not in', keep)
      .execute();
  });
}

/** Removes one of the learner's own devices (another learner's endpoint is left alone). */
export async function removePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

/** Forgets an endpoint the push service says is gone (404 or 410), whoever it belonged to. */
export async function deletePushEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

/** The devices of each learner asked for. */
export async function pushTargetsOf(db: Db, userIds: readonly string[]): Promise<Map<string, PushTarget[]>> {
  const targets = new Map<string, PushTarget[]>();
  if (userIds.length === 0) return targets;
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['user_id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', 'in', [...userIds])
    .orderBy('created_at')
    .execute();
  for (const row of rows) {
    const userId = String(row.user_id);
    const list = targets.get(userId) ?? [];
    list.push({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } });
    targets.set(userId, list);
  }
  return targets;
}

/** A learner's reminder: opted in or not, the Hong Kong hour it may go from, and their devices. */
export interface ReminderSettingsRecord {
  enabled: boolean;
  hour: number;
  devices: number;
}

/** The learner's reminder settings (off, at `defaultHour`, before they chose). */
export async function readReminderSettings(
  db: Db,
  userId: string,
  defaultHour: number,
): Promise<ReminderSettingsRecord> {
  const [settings, devices] = await Promise.all([
    db
      .selectFrom('reminder_settings')
      .select(['enabled', 'hour'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    enabled: settings?.enabled ?? false,
    hour: settings?.hour ?? defaultHour,
    devices: Number(devices.n),
  };
}

/** Turns the learner's reminder on or off and sets its hour. */
export async function saveReminderSettings(
  db: Db,
  userId: string,
  settings: { enabled: boolean; hour: number },
): Promise<void> {
  await db
    .insertInto('reminder_settings')
    .values({ user_id: userId, enabled: settings.enabled, hour: settings.hour })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ enabled: settings.enabled, hour: settings.hour, updated_at: new Date() }),
    )
    .execute();
}

/** A learner the reminder sweep considers: opted in, with a device, their hour come, not yet reminded today. */
export interface ReminderCandidate {
  userId: string;
  hour: number;
  lastSentDay: string | null;
  streakDays: number;
  lastActiveDate: string | null;
}

/**
 * The learners who opted in, whose hour (Hong Kong) is at most `hour`, with at least one device and no
 * reminder on `day`: a page of them after `afterUserId`, in id order.
 */
export async function findReminderCandidates(
  db: Db,
  query: { day: string; hour: number; afterUserId: string | null; limit: number },
): Promise<ReminderCandidate[]> {
  let select = db
    .selectFrom('reminder_settings as s')
    .leftJoin('user_totals as t', 't.user_id', 's.user_id')
    .select([
      's.user_id',
      's.hour',
      't.streak_days',
      't.last_active_date',
      (eb) =>
        eb
          .selectFrom('reminders_sent as r')
          .select((e) => e.fn.max('r.day').as('day'))
          .whereRef('r.user_id', '=', 's.user_id')
          .as('last_sent_day'),
    ])
    .where('s.enabled', '=', true)
    .where('s.hour', '<=', query.hour)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('push_subscriptions as p').select('p.endpoint').whereRef('p.user_id', '=', 's.user_id'),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reminders_sent as r')
            .select('r.day')
            .whereRef('r.user_id', '=', 's.user_id')
            .where('r.day', '=', query.day),
        ),
      ),
    );
  if (query.afterUserId !== null) select = select.where('s.user_id', '>', query.afterUserId);
  const rows = await select.orderBy('s.user_id').limit(query.limit).execute();
  return rows.map((r) => ({
    userId: String(r.user_id),
    hour: r.hour,
    lastSentDay: r.last_sent_day ?? null,
    streakDays: r.streak_days ?? 0,
    lastActiveDate: r.last_active_date ?? null,
  }));
}

/**
 * Claims the learner's reminder for `day`: true for the one caller that recorded it, false when a
 * reminder of that day was already claimed (by another worker, or before a restart).
 */
export async function claimReminderDay(
  db: Db,
  userId: string,
  day: string,
  what: { kind: string; dueCount: number; streakDays: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('reminders_sent')
    .values({
      user_id: userId,
      day,
      kind: what.kind,
      due_count: what.dueCount,
      streak_days: what.streakDays,
    })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('day')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Records how many devices took the day's reminder. */
export async function recordReminderDevices(
  db: Db,
  userId: string,
  day: string,
  devices: number,
): Promise<void> {
  await db
    .updateTable('reminders_sent')
    .set({ devices })
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .execute();
}

/** Gives the day's claim back when no device could be reached, so a later sweep tries again. */
export async function releaseReminderDay(db: Db, userId: string, day: string): Promise<void> {
  await db.deleteFrom('reminders_sent').where('user_id', '=', userId).where('day', '=', day).execute();
}

/** The learner's reminder data for an export: settings, devices (without their keys), days sent. */
export async function reminderDataOf(
  db: Db,
  userId: string,
): Promise<{
  settings: Array<Record<string, unknown>>;
  devices: Array<Record<string, unknown>>;
  sent: Array<Record<string, unknown>>;
}> {
  const [settings, devices, sent] = await Promise.all([
    db
      .selectFrom('reminder_settings')
      .select(['enabled', 'hour', 'updated_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('reminders_sent')
      .select(['day', 'kind', 'due_count', 'streak_days', 'devices', 'sent_at'])
      .where('user_id', '=', userId)
      .orderBy('day')
      .execute(),
  ]);
  return { settings, devices, sent };
}

/** Erases the learner's devices, settings and reminder record (an account's erasure). */
export async function eraseReminderData(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await db.deleteFrom('reminder_settings').where('user_id', '=', userId).execute();
  await db.deleteFrom('reminders_sent').where('user_id', '=', userId).execute();
}
