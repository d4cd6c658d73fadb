/**
 * Recognised devices (issue 37): every successful sign-in leaves a signed, HttpOnly cookie naming the
 * device for that account. A password check that carries it (or the account's own session) is the
 * owner's, and counts against that device's budget instead of the account-wide budget that strangers'
 * guesses use up: a stranger can lock out only strangers.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { usernameKey } from '@wenyan/store';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The recognised-device cookies of sign-in (signed with the deployment's `device-cookie` key). */
    devices: DeviceKeys;
  }
}

const DEVICE_COOKIE_PREFIX = 'wyt_dev_';
/** A device is recognised for a year after its last sign-in on the account. */
const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/** The cookie of one account on this device: its name carries a digest of the folded username. */
export function deviceCookieName(username: string): string {
  const digest = createHash('sha256').update(usernameKey(username.trim())).digest('hex');
  return `${DEVICE_COOKIE_PREFIX}${digest.slice(0, 16)}`;
}

export interface DeviceKeys {
  /** Leaves (or renews) the device cookie of `username` after a successful sign-in. */
  remember(request: FastifyRequest, reply: FastifyReply, username: string): void;
  /** The device id when the request carries a valid device cookie for `username`, else null. */
  recognised(request: FastifyRequest, username: string): string | null;
}

/** Device cookies signed with `secret` (HMAC-SHA256 over the folded username and the device id). */
export function createDeviceKeys(secret: Buffer): DeviceKeys {
  const sign = (account: string, deviceId: string) =>
    createHmac('sha256', secret).update(`${account}\n${deviceId}`).digest('base64url');

  function recognised(request: FastifyRequest, username: string): string | null {
    const value = request.cookies[deviceCookieName(username)];
    if (!value) return null;
    const [deviceId, signature] = value.split('.');
    if (!deviceId || !signature || deviceId.length > 64) return null;
    const expected = Buffer.from(sign(usernameKey(username.trim()), deviceId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
  }

  return {
    recognised,
    remember(request, reply, username) {
      const deviceId = recognised(request, username) ?? randomBytes(16).toString('base64url');
      reply.setCookie(
        deviceCookieName(username),
        `${deviceId}.${sign(usernameKey(username.trim()), deviceId)}`,
        {
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          path: '/api',
          maxAge: DEVICE_COOKIE_SECONDS,
        },
      );
    },
  };
}

/**
 * The owner's budget key for a password check on `username`: the recognised device, else the
 * account's own signed-in session; null for anyone else (a stranger).
 */
export function ownerKey(devices: DeviceKeys, request: FastifyRequest, username: string): string | null {
  const account = usernameKey(username.trim());
  const deviceId = devices.recognised(request, username);
  if (deviceId) return `${account}:device:${deviceId}`;
  const token = request.cookies[SESSION_COOKIE];
  if (token && request.user && usernameKey(request.user.username) === account) {
    return `${account}:session:${createHash('sha256').update(token).digest('base64url')}`;
  }
  return null;
}
