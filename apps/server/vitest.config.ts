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
    projects: [
      {
        extends: true,
        test: { name: 'server', include: ['src/**/*.test.ts'], exclude: isolated, isolate: false },
      },
      { extends: true, test: { name: 'server-isolated', include: isolated } },
    ],
  },
});
