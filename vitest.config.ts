import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/server/**/*.test.ts', 'domain/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'workers/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
