/**
 * The opt-in daily reminder (Web Push): the deployment's VAPID public key, a learner's devices (each a
 * browser's PushSubscription) and their reminder settings (on or off, and the Hong Kong hour).
 */
import { z } from 'zod';

/** The Hong Kong hour a reminder goes from when the learner has not chosen one (the domain's too). */
export const DEFAULT_REMINDER_HOUR = 19;

/** Devices one learner may have subscribed at once; a new one past this replaces the oldest. */
export const MAX_PUSH_DEVICES = 10;

/** GET /api/push/public-key: the VAPID public key (base64url) a browser subscribes with. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() }).meta({ id: 'PushPublicKey' });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

/** A push service's endpoint: an https URL of at most 2,048 characters. */
export const PushEndpointSchema = z
  .url({ protocol: /^https$/, error: '推送地址必須是 https 網址' })
  .max(2048, { error: '推送地址過長' });

/** base64url (the form browsers give keys in), standard base64 also accepted. */
const base64Key = (bytes: number, message: string) => {
  const chars = Math.ceil((bytes * 4) / 3);
  return z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_+/-]{${chars}}=*$`), { error: message })
    .max(chars + 2);
};

/**
 * POST /api/users/:userId/push-subscriptions: the browser's `PushSubscription.toJSON()`: the endpoint and
 * the keys the payload is encrypted for (`p256dh`, an uncompressed P-256 point of 65 bytes; `auth`,
 * 16 bytes).
 */
export const PushSubscriptionBodySchema = z
  .object({
    endpoint: PushEndpointSchema,
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: base64Key(65, '不是有效的 p256dh 公鑰'),
        auth: base64Key(16, '不是有效的 auth 密鑰'),
      })
      .strict(),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

/** POST /api/users/:userId/push-subscriptions/remove: the device to forget. */
export const PushUnsubscribeBodySchema = z.object({ endpoint: PushEndpointSchema });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBodySchema>;

/** A Hong Kong hour of the day, 0–23. */
export const ReminderHourSchema = z.number().int().min(0, { error: '時間須為 0–23 時' }).max(23, {
  error: '時間須為 0–23 時',
});

/** PUT /api/users/:userId/reminders: on or off, and the Hong Kong hour it may go from. */
export const ReminderSettingsBodySchema = z.object({ enabled: z.boolean(), hour: ReminderHourSchema });
export type ReminderSettingsBody = z.infer<typeof ReminderSettingsBodySchema>;

/** The learner's reminder settings and how many devices will receive it. */
export const ReminderSettingsSchema = z
  .object({ enabled: z.boolean(), hour: ReminderHourSchema, devices: z.number().int().nonnegative() })
  .meta({ id: 'ReminderSettings' });
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;
