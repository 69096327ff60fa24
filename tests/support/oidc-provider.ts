/*
 * A real OpenID provider (the oidc-provider package) on loopback for sign-in tests, with its own
 * development login form and consent page: any login name and any password sign in.
 * It listens before the client is registered, so the issuer URL can go into Churchkey's settings
 * first and Churchkey's own origin (the redirect URI) into the provider once Churchkey listens.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// NOTE: oidc-provider ships no types and @types/oidc-provider is not a dependency, so the module is
// loaded by a non-literal specifier and the few members used here are typed by hand.
interface ProviderAccount {
  accountId: string;
  claims(): Promise<Record<string, string>>;
}

interface ProviderConfiguration {
  clients: Array<Record<string, string | string[]>>;
  pkce: { required: () => boolean };
  conformIdTokenClaims: boolean;
  claims: Record<string, string[]>;
  features: { devInteractions: { enabled: boolean } };
  cookies: { keys: string[] };
  ttl: Record<string, number>;
  findAccount(context: unknown, accountId: string): Promise<ProviderAccount>;
}

interface ProviderInstance {
  callback(): (request: IncomingMessage, response: ServerResponse) => void;
}

type ProviderConstructor = new (issuer: string, configuration: ProviderConfiguration) => ProviderInstance;

const providerModule: string = 'oidc-provider';
const { Provider } = (await import(providerModule)) as { Provider: ProviderConstructor };

export interface TestOidcProvider {
  /** http://127.0.0.1:PORT, as OIDC_ISSUER. */
  issuer: string;
  clientId: string;
  /** Undefined for a public client. */
  clientSecret: string | undefined;
  /** Registers the client with `${origin}/auth/callback` as its one redirect URI; call once. */
  registerClient(origin: string): void;
  stop(): Promise<void>;
}

export interface TestOidcProviderOptions {
  /**
   * Put the profile and email claims in the ID token, as Keycloak and Entra ID do (the default,
   * because Churchkey reads only the ID token today). Off, the provider follows OIDC Core 5.4
   * strictly and gives them from the UserInfo endpoint only.
   */
  profileClaimsInIdToken?: boolean;
  /** A public client: no secret, token_endpoint_auth_method none (PKCE is then its only proof). */
  publicClient?: boolean;
}

// NOTE: oidc-provider makes the account id the ID token's `sub`, and its development login form makes
// the typed login name the account id. The other claims are derived so that each one differs from
// the others, and a test can tell which claim Churchkey took its username from.
export function preferredUsernameFor(login: string): string {
  return `u.${login}`;
}

export function emailFor(login: string): string {
  return `${login}.mail@example.org`;
}

export async function startOidcProvider(options: TestOidcProviderOptions = {}): Promise<TestOidcProvider> {
  let handle: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const server = createServer((request, response) => {
    if (handle) return handle(request, response);
    response.writeHead(503).end('the test provider has no client yet');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'churchkey-test';
  const clientSecret = options.publicClient ? undefined : `secret-${issuer}`;

  return {
    issuer,
    clientId,
    clientSecret,
    registerClient(origin) {
      if (handle) throw new Error('the test provider has a client already');
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            ...(clientSecret ? { client_secret: clientSecret } : { token_endpoint_auth_method: 'none' }),
            redirect_uris: [`${origin}/auth/callback`],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        // A confidential client need not send PKCE by default; Churchkey must, so refuse it without.
        pkce: { required: () => true },
        conformIdTokenClaims: !(options.profileClaimsInIdToken ?? true),
        claims: {
          openid: ['sub'],
          profile: ['preferred_username', 'name'],
          email: ['email'],
        },
        features: { devInteractions: { enabled: true } },
        cookies: { keys: ['churchkey-test-provider-cookie-key'] },
        // Set only to quiet the provider's notice about each default lifetime.
        ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
        async findAccount(_context, accountId) {
          return {
            accountId,
            async claims() {
              return {
                sub: accountId,
                preferred_username: preferredUsernameFor(accountId),
                name: `Test ${accountId}`,
                email: emailFor(accountId),
              };
            },
          };
        },
      });
      handle = provider.callback();
    },
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections from fetch or the browser would hold close() open.
      server.closeAllConnections();
      await closed;
    },
  };
}
