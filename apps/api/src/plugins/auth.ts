import type { Role, UserRecord } from '@wenyan/store';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, forbidden, unauthenticated } from './errors.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';

export const SESSION_COOKIE = 'wyt_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie; null when signed out. */
    user: UserRecord | null;
  }
  interface FastifyInstance {
    /** Resolves session tokens (cached); sign-out and role changes forget them in every API process. */
    sessions: SessionCache;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Sessions and the cross-site guard. Every request gets `request.user` from the session cookie.
 * A state-changing request whose Origin (or Sec-Fetch-Site) says it came from another site is refused.
 */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  const sessions = createSessionCache(app.deps.db, app.deps.env.SESSION_CACHE_MS, app.deps.sessionNotices);
  app.decorate('sessions', sessions);
  app.addHook('onClose', () => sessions.close());
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (STATE_CHANGING.has(request.method)) assertSameOrigin(request, app.deps.env.PUBLIC_ORIGIN);
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.user = await app.sessions.resolve(token);
  });
}

function assertSameOrigin(request: FastifyRequest, publicOrigin: string | undefined): void {
  const origin = request.headers.origin;
  if (origin) {
    const host = request.headers['x-forwarded-host'] ?? request.headers.host;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw forbidden('cross-site request refused');
    }
    const allowed =
      originHost === host || (publicOrigin !== undefined && new URL(publicOrigin).host === originHost);
    if (!allowed) throw forbidden('cross-site request refused');
    return;
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('cross-site request refused');
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): UserRecord {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export function hasRole(user: UserRecord, role: Role): boolean {
  return user.roles.includes(role);
}

/** The signed-in user when they are `userId` themselves; 401 signed out, 403 for anyone else. */
export function requireSelf(request: FastifyRequest, userId: string | number): UserRecord {
  const user = requireUser(request);
  if (String(userId) !== user.id) throw forbidden('you can only act for yourself');
  return user;
}

/** The signed-in user when they hold the role (admins hold every role); else 403. */
export function requireRole(request: FastifyRequest, role: Role): UserRecord {
  const user = requireUser(request);
  if (!hasRole(user, role) && !hasRole(user, 'admin')) {
    throw new ApiError(403, 'FORBIDDEN', `needs the ${role} role`);
  }
  return user;
}
