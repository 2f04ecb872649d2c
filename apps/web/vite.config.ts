import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './src/app/web-app-manifest.ts';
import { precompressedAssets } from './src/build/precompressed-assets.ts';
import { zodWithoutJsonSchema } from './src/build/zod-without-json-schema.ts';

// In development Vite serves the app and forwards API calls to the Fastify server (npm run dev).
export default defineConfig({
  plugins: [
    react(),
    zodWithoutJsonSchema(),
    // Issue 17: the one service worker (src/sw.ts; Web Push joins it later) and the install manifest.
    // 'prompt': a new version waits until the learner reloads (features/offline), never mid-lesson.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webAppManifest,
      injectManifest: {
        // The app shell and every route and language chunk; store screenshots are only for installing.
        // The prerendered first screens (ADR 029) are for a first visit from the network; offline, the
        // worker answers every page with the plain shell.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['screenshots/**', 'prerendered/**'],
      },
      devOptions: { enabled: false },
    }),
    precompressedAssets(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/audio': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    // No source maps in the build: everything in dist/ is served publicly, and maps would publish the
    // sources. Development (npm run dev) keeps its maps.
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Each interface language is one module (src/i18n/bundles), so one chunk, by the import alone.
          groups: [
            // The libraries every screen needs change less often than our code: their own chunk stays
            // cached across deploys.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/,
            },
            // The contract's parser, needed by every call, first visit included (ADR 028).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Our code the first screen needs in one chunk instead of a handful of tiny shared ones: fewer
            // requests before the first paint on a slow connection (ADR 028). Every later chunk follows
            // its route's `lazy` import (app/router.tsx).
            {
              name: 'first-visit',
              tags: ['$initial'],
              test: (id) => !/node_modules/.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
