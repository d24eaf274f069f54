// Bundles the server (and the shared domain package) into dist/; npm dependencies stay external.
import fs from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: { main: 'src/main.ts', demo: 'src/demo.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  define: { __FERRY_VERSION__: JSON.stringify(version) },
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        // JSON data files of packages (e.g. the disposable-domain list) are bundled: Node needs an import
        // attribute to load JSON as ESM, which an external import would not carry.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@ferry/') || args.path.endsWith('.json')
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
