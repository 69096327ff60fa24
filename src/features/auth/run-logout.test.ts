import { describe, expect, it, vi } from 'vitest';
import { LOGOUT_DELAY_MS, logoutAddress, runLogout, type LogoutSteps } from './run-logout.ts';

function steps(overrides: Partial<LogoutSteps> = {}): { steps: LogoutSteps; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    steps: {
      userID: 7,
      currentUrl: 'http://127.0.0.1:8080/incident/5?x=1',
      recordAction: async () => void calls.push('record'),
      wait: async (ms) => void calls.push(`wait ${ms}`),
      forgetSession: () => void calls.push('forget'),
      goTo: (address) => void calls.push(`go ${address}`),
      clearAnalyst: () => void calls.push('clear analyst'),
      clearUser: () => void calls.push('clear user'),
      alert: (message) => void calls.push(`alert ${message}`),
      ...overrides,
    },
  };
}

describe('runLogout', () => {
  it('records the action, waits 1000 ms, then goes to the logout address with the current page', async () => {
    const { steps: run, calls } = steps();
    await expect(runLogout(run)).resolves.toBe(true);
    expect(LOGOUT_DELAY_MS).toBe(1000);
    expect(calls).toEqual([
      'record',
      'wait 1000',
      'forget',
      `go /auth/logout?from=${encodeURIComponent('http://127.0.0.1:8080/incident/5?x=1')}`,
    ]);
  });

  it('only forgets the chosen analyst when there is no user id', async () => {
    const { steps: run, calls } = steps({ userID: null });
    await runLogout(run);
    expect(calls).toEqual(['record', 'wait 1000', 'clear analyst']);
  });

  it('alerts "error while logging out" and clears the user when a step fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { steps: run, calls } = steps({
      goTo: () => {
        throw new Error('navigation blocked');
      },
    });
    await expect(runLogout(run)).resolves.toBe(false);
    expect(calls).toEqual(['record', 'wait 1000', 'forget', 'alert error while logging out', 'clear user']);
  });

  it('encodes the page address', () => {
    expect(logoutAddress('http://h/a b?c=d&e')).toBe('/auth/logout?from=http%3A%2F%2Fh%2Fa%20b%3Fc%3Dd%26e');
  });
});
