/*
 * Getting a browser into the app quickly: sign in through POST /auth/login (the page's own cookie
 * jar), make sure the primary analyst exists, and choose an analyst in the picker. Spec files in one
 * worker share a server, so these helpers accept whatever earlier files left behind.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './start-server.ts';

export interface SessionAnalyst {
  id: number;
  name: string;
  permission: 'read' | 'write' | 'admin';
  userID: number | null;
  canActAs: boolean;
}

export interface Session {
  userID: number;
  analyst: SessionAnalyst;
}

const ANALYST_HEADER = 'x-churchkey-analyst';

export async function signIn(
  request: APIRequestContext,
  username = ADMIN_USERNAME,
  password = ADMIN_PASSWORD,
): Promise<number> {
  const response = await request.post('/auth/login', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  const user = (await (await request.get('/auth/user')).json()) as { user: { id: number } };
  return user.user.id;
}

/** Calls the API as the signed-in user of `request`, acting as `analystID` (0: their own). */
export async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  analystID = 0,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { [ANALYST_HEADER]: String(analystID) },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export async function listAnalysts(request: APIRequestContext): Promise<SessionAnalyst[]> {
  return (await api<{ analysts: SessionAnalyst[] }>(request, 'GET', '/api/analysts')).analysts;
}

/** The admin's own analyst (the primary one), created when no analyst exists yet. */
export async function ensurePrimaryAnalyst(request: APIRequestContext, userID: number): Promise<SessionAnalyst> {
  let analysts = await listAnalysts(request);
  if (analysts.length === 0) {
    await api(request, 'POST', '/api/analyst/primary', { name: 'Ada Admin', email: 'ada@example.com' });
    analysts = await listAnalysts(request);
  }
  const own = analysts.find((analyst) => analyst.id === userID);
  if (!own) throw new Error(`user ${userID} has no analyst of their own; analysts: ${JSON.stringify(analysts)}`);
  return own;
}

/**
 * Signs in as the administrator, opens `path` and picks their analyst in the picker, which every
 * route shows first. `path` may be worked out through the signed-in API (a demo incident's id), so
 * a test opens its screen in one page load, not the home page's first (a whole app start each).
 */
export async function openAsAdmin(
  page: Page,
  path: string | ((request: APIRequestContext) => Promise<string>) = '/',
): Promise<Session> {
  const userID = await signIn(page.request);
  const analyst = await ensurePrimaryAnalyst(page.request, userID);
  await page.goto(typeof path === 'string' ? path : await path(page.request));
  await page.getByRole('button', { name: analyst.name, exact: true }).click();
  await expect(analystMenuButton(page, analyst.name)).toBeVisible();
  return { userID, analyst };
}

export function analystMenuButton(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name, exact: true });
}

/** Toggles "Show filters" `times` times through the analyst menu (each an audited UI action), then closes it. */
export async function toggleShowFilters(page: Page, analystName: string, times: number): Promise<void> {
  await analystMenuButton(page, analystName).click();
  const showFilters = page.getByRole('menuitemcheckbox', { name: 'Show filters' });
  for (let index = 0; index < times; index += 1) {
    const before = await showFilters.getAttribute('aria-checked');
    await showFilters.click();
    await expect(showFilters).not.toHaveAttribute('aria-checked', before!);
  }
  await page.keyboard.press('Escape');
}

/** Alerts are how the app reports failures; collect them (and dismiss them) to assert on them. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  return messages;
}

export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}
