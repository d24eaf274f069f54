import { defineConfig } from 'vitest/config';

// Domain tests are pure and fast; the longer timeout is for a busy CI machine, where the first zxcvbn
// check (it loads the dictionaries) has run past the default five seconds.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: 30_000 } });
