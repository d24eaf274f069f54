import { defineConfig } from 'vitest/config';

// Test files share their worker's modules (`isolate: false`): importing the app once per worker instead of
// once per file makes the suite about a third faster (CI time, issue 16). Each file still opens its own
// app and database. A file that mocks a module (vi.mock) runs in a project of its own, isolated.
const isolated = ['src/modules/auth/sign-in.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // On PostgreSQL the database works in processes of its own: two test workers keep both cores busy
    // (Vitest's default is one fewer than the cores: one, on this 2-core machine).
    ...(process.env.DATABASE_URL ? { maxWorkers: 2 } : {}),
    projects: [
      {
        extends: true,
        test: { name: 'server', include: ['src/**/*.test.ts'], exclude: isolated, isolate: false },
      },
      { extends: true, test: { name: 'server-isolated', include: isolated } },
    ],
  },
});
