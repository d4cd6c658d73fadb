/** The sign-in page (`login-page.ts`) and the school's sign-in (`oidc.ts`). */
import { findOrCreateOidcUser } from '@wenyan/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { contentSecurityPolicy } from '../../plugins/security.ts';
import { startSession } from './credentials.ts';
import { LOGIN_SCRIPT_HASH, loginPageHtml } from './login-page.ts';
import { createOidc, type OidcChecks, type OidcIdentity } from './oidc.ts';

/** The sign-in page, and the school provider's round trip when one is configured (oidc.ts). */
export async function schoolSignInRoutes(app: FastifyInstance): Promise<void> {
  const { db, env } = app.deps;
  const oidc = createOidc(env);
  const OIDC_COOKIE = 'wyt_oidc';
  const callbackUrl = (request: FastifyRequest) =>
    `${env.PUBLIC_ORIGIN ?? `${request.protocol}://${request.headers.host}`}/api/login/callback`;

  // With a school provider configured, /api/login goes there (the local form stays at ?local=1).
  defineRoute(app, 'loginPage', async ({ request, reply }) => {
    const query = (request.query ?? {}) as { local?: string; invite?: string };
    // A signed-in user following a teacher invitation's link redeems it in 設定.
    if (request.user) {
      const invite = typeof query.invite === 'string' ? query.invite.slice(0, 40) : '';
      return reply.redirect(invite ? `/settings?invite=${encodeURIComponent(invite)}` : '/');
    }
    const local = query.local === '1' || typeof query.invite === 'string';
    if (oidc && !local) {
      const { url, checks } = await oidc.start(callbackUrl(request));
      reply.setCookie(OIDC_COOKIE, JSON.stringify(checks), {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/api/login',
        maxAge: 600,
      });
      return reply.redirect(url.href);
    }
    return reply
      .header('content-security-policy', contentSecurityPolicy([LOGIN_SCRIPT_HASH]))
      .type('text/html; charset=utf-8')
      .send(loginPageHtml({ oidc: oidc !== null }));
  });

  defineRoute(app, 'loginCallback', async ({ request, reply }) => {
    if (!oidc) throw new ApiError(404, 'NOT_FOUND', 'no sign-in provider is configured');
    let checks: OidcChecks;
    try {
      checks = JSON.parse(request.cookies[OIDC_COOKIE] ?? '') as OidcChecks;
    } catch {
      throw new ApiError(400, 'VALIDATION_FAILED', 'the sign-in expired; please sign in again');
    }
    reply.clearCookie(OIDC_COOKIE, { path: '/api/login' });
    const current = new URL(request.url, callbackUrl(request));
    let identity: OidcIdentity;
    try {
      identity = await oidc.finish(current, checks);
    } catch (err) {
      request.log.warn({ err }, 'school sign-in failed');
      throw new ApiError(400, 'VALIDATION_FAILED', 'the school sign-in did not complete; please try again');
    }
    const user = await findOrCreateOidcUser(db, identity, ['student']);
    await startSession(app, request, reply, user, { rememberMe: false, recogniseDevice: false });
    return reply.redirect('/');
  });
}
