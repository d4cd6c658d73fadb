import { DEFAULT_REMINDER_HOUR, MAX_PUSH_DEVICES } from '@wenyan/contracts';
import {
  ensureVapidKeys,
  readReminderSettings,
  removePushSubscription,
  savePushSubscription,
  saveReminderSettings,
} from '@wenyan/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';

/**
 * May the reminder's sender post to this endpoint? Its host must be one of the push services named in
 * `PUSH_ENDPOINT_HOSTS` (`host`, `host:port` or `*.domain`): the endpoint comes from the browser, and
 * the sender must not be made to post to any other address (an internal service, say).
 */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.host.toLowerCase();
  const name = url.hostname.toLowerCase();
  return hosts.some((allowed) =>
    allowed.startsWith('*.') ? name.endsWith(allowed.slice(1)) : allowed === host || allowed === name,
  );
}

/** Writes per learner per minute: a settings page toggled by hand never comes near it. */
const WRITE_LIMIT = {
  rateLimit: {
    max: 30,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `push:${request.user?.id ?? request.ip}`,
  },
};

/**
 * The daily reminder (Web Push): the VAPID public key, a learner's devices and their settings. The
 * worker sends the reminders (packages/store/src/reminders.ts).
 */
export async function reminderRoutes(app: FastifyInstance): Promise<void> {
  const { db, env } = app.deps;
  const settingsOf = (userId: string) => readReminderSettings(db, userId, DEFAULT_REMINDER_HOUR);

  defineRoute(app, 'getPushPublicKey', async ({ reply }) => {
    const { publicKey } = await ensureVapidKeys(db);
    reply.header('cache-control', 'no-cache');
    return { publicKey };
  });

  defineRoute(app, 'getReminderSettings', async ({ user }) => settingsOf(user.id));

  defineRoute(
    app,
    'setReminderSettings',
    async ({ input, user }) => {
      await saveReminderSettings(db, user.id, input.body);
      return settingsOf(user.id);
    },
    { config: WRITE_LIMIT },
  );

  defineRoute(
    app,
    'subscribePush',
    async ({ input, user }) => {
      const { endpoint, keys } = input.body;
      if (!isAllowedPushEndpoint(endpoint, env.PUSH_ENDPOINT_HOSTS)) {
        throw new ApiError(400, 'VALIDATION_FAILED', 'body.endpoint: 不是本站接受的推送服務', [
          { field: 'body.endpoint', message: '不是本站接受的推送服務' },
        ]);
      }
      await savePushSubscription(db, user.id, { endpoint, keys }, MAX_PUSH_DEVICES);
      return settingsOf(user.id);
    },
    { successStatus: 201, config: WRITE_LIMIT },
  );

  defineRoute(
    app,
    'unsubscribePush',
    async ({ input, user }) => {
      await removePushSubscription(db, user.id, input.body.endpoint);
      return settingsOf(user.id);
    },
    { config: WRITE_LIMIT },
  );
}
