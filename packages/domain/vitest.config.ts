import { defineConfig } from 'vitest/config';

// Domain tests are pure and fast; the longer timeout is for a busy CI machine, where the first zxcvbn
// check (it loads the dictionaries) has run past the default five seconds. Pure modules need no isolation:
// files share their worker's modules (`isolate: false`), 33 s → 8 s.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], testTimeout: 30_000, isolate: false },
});
