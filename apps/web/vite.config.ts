import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress';

const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

/**
 * Files the dev server and the test runner may load: the whole npm workspace (its node_modules hold
 * pdfjs-dist). Vite works this out from an absolute root, but Vitest takes `--root` as typed: `npm test`
 * runs `vitest run --root apps/web` from the repo root, the relative root left the allow list at apps/web,
 * and every `?url` import from node_modules (PDF.js's worker, fonts and wasm) failed with 'Denied ID'.
 */
const fsAllow = [searchForWorkspaceRoot(fileURLToPath(new URL('.', import.meta.url)))];

/**
 * React Router's package exports resolve to its development build (warnings and checks included); the
 * production bundle takes its production build, about 5 KB less on every page.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: join(
    dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

/** zod and the modules of the response schemas boot's queries load (see `codeSplitting.groups`). */
const BOOT_SCHEMAS = new RegExp(
  [
    String.raw`node_modules[\\/]zod[\\/]`,
    String.raw`src[\\/]lib[\\/](response-schemas|business-schema)\.ts$`,
    String.raw`packages[\\/]domain[\\/]src[\\/]schemas[\\/](envelope|client-config|user-profile|business)\.ts$`,
    String.raw`packages[\\/]domain[\\/]src[\\/]catalogues[\\/](access|countries)\.ts$`,
    String.raw`packages[\\/]domain[\\/]src[\\/]ids[\\/]id\.ts$`,
  ].join('|'),
);

/** Test files that mock modules or globals: each runs in a fresh module graph. */
const isolatedTests = [
  'src/components/pdf-viewer/pdf-viewer.test.tsx',
  'src/components/mobile-notice.test.tsx',
  'src/features/auth/components/sign-in-page.test.tsx',
  'src/features/invoices/components/invoice-detail-page.test.tsx',
  'src/features/cards/components/add-card-dialog.test.tsx',
  'src/features/payment-preview/components/payment-preview-page.test.tsx',
  'src/features/identity-verification/components/sandbox-inquiry-page.test.tsx',
  'src/lib/guided-tour.test.tsx',
];

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [reactRouterProduction] : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        // Everything the entry imports statically (React, the router, the query cache, zod, the theme…)
        // in one file: it loads on every page anyway, and one file compresses better than twenty.
        // Icons are a few hundred bytes each: in one file of their own they are one request, not twenty.
        // Common chunks under 8 KB (Mantine's small components, shared helpers and schemas) are copied
        // into the chunks that use them instead of being files of their own: the business home went from
        // 82 script requests to about 20 (six at a time over HTTP/1.1). Rolldown keeps one instance of each
        // copied module (a registry in its runtime, with strictExecutionOrder, which it turns on), and
        // needs `preserveEntrySignatures: false`; style modules stay in files (Vite's CSS plugin). The
        // entry becomes a two-line file importing the first-load chunk, which index.html preloads.
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: 8 * 1024,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react/, priority: 1 },
            // zod and the schemas boot's queries read answers with (the user, the client config, the
            // businesses): one request instead of five, all wanted at once by every signed-in page.
            { name: 'schemas', test: BOOT_SCHEMAS, priority: 1 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: apiProxy, fs: { allow: fsAllow } },
  preview: { port: 4173, proxy: apiProxy },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    // Typing into whole forms in jsdom takes seconds on a loaded machine; 5 s made CI flaky.
    testTimeout: 20_000,
    // Test files share their worker's modules and jsdom (`isolate: false`): React, Mantine and the app load
    // once per worker instead of once per file, which halves the suite (CI time, issue 16). The setup file
    // still runs per file and cleans up after each test. Files that mock modules (vi.mock, vi.stubGlobal)
    // run isolated in a project of their own.
    projects: [
      {
        extends: true,
        test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: isolatedTests, isolate: false },
      },
      { extends: true, test: { name: 'web-isolated', include: isolatedTests } },
    ],
  },
}));
