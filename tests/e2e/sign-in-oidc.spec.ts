/*
 * AUTH_MODE=oidc in the browser: the built server and a real OpenID provider on loopback; the app
 * sends a signed-out visitor to the provider's login and consent pages and gets them back signed in.
 * The server is started here, not by the fixtures' `serverEnv`, because its settings name the
 * provider, whose port is known only once the provider listens.
 */
import { expect, test } from '@playwright/test';
import { emailFor, preferredUsernameFor, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';
import { startServer, type RunningServer } from './start-server.ts';

test.describe('sign-in through an OpenID provider', () => {
  let provider: TestOidcProvider;
  let server: RunningServer;

  test.beforeAll(async () => {
    provider = await startOidcProvider();
    server = await startServer({
      env: {
        AUTH_MODE: 'oidc',
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        ...(provider.clientSecret ? { OIDC_CLIENT_SECRET: provider.clientSecret } : {}),
      },
    });
    provider.registerClient(server.baseURL);
  });

  test.afterAll(async () => {
    await server?.stop();
    await provider?.stop();
  });

  test('a signed-out visitor signs in at the provider and comes back to the app', async ({ page }) => {
    const login = `grace-${Date.now().toString(36)}`;
    await page.goto(`${server.baseURL}/`);

    // The app asks GET /auth/user, gets 401 and goes to /auth/login, which redirects to the provider.
    await page.waitForURL((url) => url.href.startsWith(`${provider.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();

    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(`${server.baseURL}/`);
    // A first user on a fresh database has no analyst yet, so the app asks for the primary one.
    await expect(page.getByRole('heading', { name: 'Create the primary analyst' })).toBeVisible();

    const answer = await page.evaluate(async () => {
      const response = await fetch('/auth/user');
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      user: { username: preferredUsernameFor(login), email: emailFor(login), authMode: 'oidc' },
    });
  });
});
