/*
 * AUTH_MODE=oidc: authorization code flow with PKCE against OIDC_ISSUER (openid-client). The flow's
 * state, verifier and nonce live in the database, so the callback may reach another server process.
 */
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { loginPage } from '../../auth/login-page.ts';
import { safeReturnPath } from '../../auth/return-to.ts';
import { nowMicros } from '../../time.ts';
import { upsertOidcUser } from '../../repositories/users-repository.ts';
import { publicOrigin, startSession } from './session-cookie.ts';
import { insertOidcFlow, takeOidcFlow } from '../../repositories/oidc-flows-repository.ts';
import { routeOptions } from '../route-options.ts';
import { loginPageRoute } from './login-page-route.ts';

const FLOW_MICROS = 10 * 60 * 1_000_000;

export function oidcRoutes(app: FastifyInstance, context: AppContext): void {
  const settings = context.config.oidc;
  if (!settings) throw new Error('oidcRoutes needs OIDC settings');
  let discovered: Promise<oidc.Configuration> | undefined;
  // Discovery is retried on the next sign-in when the provider was unreachable.
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(),
        // NOTE: plain http is allowed only for a provider on loopback (tests, local set-ups).
        isLoopback(settings.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  loginPageRoute(
    app,
    context,
    'Starts the OpenID Connect sign-in and returns to `from` afterwards',
    async (reply, { target, origin }) => {
      const config = await configuration();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await insertOidcFlow(
        context.db,
        state,
        { code_verifier: verifier, nonce, return_to: target },
        nowMicros() + FLOW_MICROS,
      );
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: `${origin}/auth/callback`,
        scope: settings.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return reply.redirect(url.href, 303);
    },
  );

  app.get(
    '/auth/callback',
    routeOptions('public', {
      summary: "The OpenID provider's redirect back after sign-in",
      tags: ['auth'],
      querystring: z.object({ state: z.string().max(200).optional() }).loose(),
    }),
    async (request, reply) => {
      const { state } = request.query as { state?: string };
      const flow = state ? await takeOidcFlow(context.db, state) : undefined;
      const fail = (message: string) => reply.code(400).type('text/html; charset=utf-8').send(oidcErrorPage(message));
      if (!flow) return fail('This sign-in expired or was already used. Start again.');
      const origin = publicOrigin(request, context);
      let profile: Record<string, unknown> | undefined;
      try {
        const config = await configuration();
        const tokens = await oidc.authorizationCodeGrant(config, new URL(request.url, origin), {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) return fail('The identity provider sent no identity. Start again.');
        profile = { ...claims };
        // NOTE: OIDC Core 5.4 lets a provider send profile and email claims only from UserInfo.
        const complete = claims.preferred_username && claims.name && claims.email;
        if (!complete && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
          try {
            profile = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
          } catch (error) {
            request.log.warn({ err: error }, 'UserInfo refused; using the ID token alone');
          }
        }
      } catch (error) {
        request.log.warn({ err: error }, 'OpenID Connect callback refused');
        return fail('The identity provider did not confirm this sign-in. Start again.');
      }
      const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 320) : '');
      const subject = text(profile.sub);
      const user = await upsertOidcUser(context.db, {
        issuer: text(profile.iss),
        subject,
        preferredName: text(profile.preferred_username) || text(profile.email) || subject,
        name: text(profile.name),
        email: text(profile.email),
      });
      if (user.disabled) return fail('This account is disabled.');
      await startSession(request, reply, context, user.id, 'oidc');
      return reply.redirect(safeReturnPath(flow.return_to, origin), 303);
    },
  );
}

function isLoopback(issuer: string): boolean {
  const host = new URL(issuer).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

function oidcErrorPage(message: string): string {
  return loginPage({ from: '/', error: message, form: false });
}
