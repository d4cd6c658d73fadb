import type { Role, UserRecord } from '@wenyan/store';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SharedSession } from '../cluster.ts';
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
 * Sessions and the cross-site guard. Every request gets `request.user` from the session cookie. In a
 * cluster, `tellSession` passes each session looked up to the other server processes.
 * A state-changing request whose Origin (or Sec-Fetch-Site) says it came from another site is refused.
 */
export async function registerAuth(
  app: FastifyInstance,
  tellSession?: (shared: SharedSession) => void,
): Promise<void> {
  const sessions = createSessionCache(
    app.deps.db,
    app.deps.env.SESSION_CACHE_MS,
    app.deps.sessionNotices,
    tellSession,
  );
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
  if (isCrossSite(request, publicOrigin)) throw forbidden('cross-site request refused');
}

/** Whether an origin (`https://host:port`) is this site's: the Host the request came to, or PUBLIC_ORIGIN. */
export function isOwnOrigin(
  request: FastifyRequest,
  origin: string,
  publicOrigin: string | undefined,
): boolean {
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  // request.host is X-Forwarded-Host only from a trusted proxy (TRUST_PROXY), else the Host header.
  return (
    originHost === request.host || (publicOrigin !== undefined && new URL(publicOrigin).host === originHost)
  );
}

/**
 * Whether a request came from another site: its Origin (sent with every cross-site POST and websocket)
 * names another host, or the browser's Sec-Fetch-Site says `cross-site` or `same-site` (a sibling
 * subdomain or another port is not this app). Tools that send neither (curl, tests) are not cross-site.
 */
export function isCrossSite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return !isOwnOrigin(request, origin, publicOrigin);
  if (origin === 'null') return true;
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/**
 * Whether a state-changing GET (sign-out) positively came from this site: every sign the browser gave
 * must say so (an Origin or a Referer of this site, Sec-Fetch-Site `same-origin` or `none` for a typed
 * address), and at least one must be given. A foreign Referer or Origin alone refuses it, for browsers
 * without Fetch Metadata; a request with none of them (a tool, or a page of another site with
 * `no-referrer`) is refused too.
 */
export function isSameOriginRequest(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const { origin, referer } = request.headers;
  const site = request.headers['sec-fetch-site'];
  let signs = 0;
  if (origin !== undefined) {
    if (origin === 'null' || !isOwnOrigin(request, origin, publicOrigin)) return false;
    signs++;
  }
  if (referer !== undefined) {
    if (!isOwnOrigin(request, referer, publicOrigin)) return false;
    signs++;
  }
  if (site !== undefined) {
    if (site !== 'same-origin' && site !== 'none') return false;
    signs++;
  }
  return signs > 0;
}

/**
 * Sets the session cookie. With 記住我 it lasts as long as the server-side session; without it, it is
 * a browser-session cookie (no Expires or Max-Age: gone when the browser closes), while the
 * server-side session still ends at `expiresAt` at the latest.
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  session: { expiresAt: Date; rememberMe: boolean },
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    ...(session.rememberMe ? { expires: session.expiresAt } : {}),
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
