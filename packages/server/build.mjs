// Bundles the server's TypeScript (and the contract's) into one ES module, dist/main.js, that
// plain `node` runs: production no longer runs through the tsx loader, whose module-hooks thread
// and transpiler cost about 35 MB of memory (docs/performance.md). npm packages stay external.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // npm packages stay external (node_modules is installed next to the bundle); the contract, a
  // workspace package of TypeScript sources, is bundled.
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@changdu/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
  logLevel: 'warning',
});
// Files the modules read beside themselves (`new URL('./…', import.meta.url)`) go beside the bundle.
for (const file of [
  'coarse-tagger.model.json.gz',
  'chinese-wordnet.tsv.gz',
  'CHINESE-WORDNET-LICENSE',
  'chinese-frequency.tsv.gz',
  'JIEBA-LICENSE',
])
  fs.copyFileSync(path.join(here, 'src/modules/dictionary', file), path.join(here, 'dist', file));
process.stdout.write('built packages/server/dist/main.js\n');
