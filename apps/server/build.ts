import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/*
 * `npm run build -w @parlo/server` (part of `npm run build`): the production server as one JavaScript
 * file, `dist/server.js`, which `npm run serve` runs with plain `node`. Running the TypeScript through tsx
 * at run time cost the idle server ~65 MB (tsx's loader thread and its transformed sources; issue 15,
 * ADR 024). Development, the tests and the e2e server still run the sources through tsx.
 *
 * Only the app's own code and the workspace packages are bundled; every npm package stays an import of
 * node_modules, so the lazily loaded integrations (ADR 020) still load on first use.
 */
const entry = fileURLToPath(new URL('./src/server.ts', import.meta.url));
const outfile = fileURLToPath(new URL('./dist/server.js', import.meta.url));

/**
 * Every module keeps its own `import.meta.url`: the migrations, the content build, the web app and
 * `createRequire` are found relative to the source file, exactly as when tsx runs it, so the bundle runs
 * from the checkout it was built in (it is not a relocatable artefact).
 */
const sourceLocation: Plugin = {
  name: 'source-import-meta-url',
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

/** Bare specifiers stay imports of node_modules, except the workspace packages, which are TypeScript. */
const packagesExternal: Plugin = {
  name: 'packages-external',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@parlo/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [sourceLocation, packagesExternal],
});
process.stdout.write(`server built: ${outfile}\n`);
