import { BIDI_CONTROLS } from '@wenyan/contracts';
import * as client from 'openid-client';
import type { ApiEnv } from '../../config.ts';

/** What must come back on the callback: the PKCE verifier, state and nonce of this sign-in. */
export interface OidcChecks {
  verifier: string;
  state: string;
  nonce: string;
}

export interface OidcIdentity {
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

export type Oidc = ReturnType<typeof createOidc>;

/**
 * Sign-in through a school's OpenID Connect provider (Google Workspace, Microsoft Entra...), by the
 * authorization-code flow with PKCE, state and nonce (openid-client). Null when not configured.
 */
export function createOidc(env: ApiEnv) {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID) return null;
  const issuer = new URL(env.OIDC_ISSUER);
  const clientId = env.OIDC_CLIENT_ID;
  let configuration: Promise<client.Configuration> | null = null;
  const config = () => {
    configuration ??= client
      .discovery(
        issuer,
        clientId,
        env.OIDC_CLIENT_SECRET,
        undefined,
        env.OIDC_ALLOW_INSECURE ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((err) => {
        configuration = null; // try the discovery again on the next sign-in
        throw err;
      });
    return configuration;
  };
  return {
    async start(redirectUri: string): Promise<{ url: URL; checks: OidcChecks }> {
      const cfg = await config();
      const verifier = client.randomPKCECodeVerifier();
      const checks = { verifier, state: client.randomState(), nonce: client.randomNonce() };
      const url = client.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      });
      return { url, checks };
    },
    async finish(currentUrl: URL, checks: OidcChecks): Promise<OidcIdentity> {
      const cfg = await config();
      const tokens = await client.authorizationCodeGrant(cfg, currentUrl, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('the provider returned no subject');
      // A provider's names are not refused but cleaned: bidirectional controls go (issue 23).
      const text = (v: unknown) => {
        const clean = typeof v === 'string' ? v.replace(new RegExp(BIDI_CONTROLS, 'g'), '').trim() : '';
        return clean || null;
      };
      return {
        subject: `${issuer.origin}|${claims.sub}`,
        email: text(claims.email),
        firstName: text(claims.given_name),
        lastName: text(claims.family_name),
        picture: text(claims.picture),
      };
    },
  };
}
