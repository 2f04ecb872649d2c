import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './src/app/web-app-manifest.ts';
import { dashboardPreloadList } from './src/build/dashboard-preloads.ts';
import { zodWithoutJsonSchema } from './src/build/zod-without-json-schema.ts';

function localeChunkName(moduleId: string): string | null {
  const language = /\/locales\/([a-z]{2})\.json$/.exec(moduleId)?.[1];
  if (language !== 'en') return language ? `locale-${language}` : null;
  // The features' English beyond the first visit (src/i18n/resources.ts, loadAllEnglish): one chunk, not
  // one per feature, since the first signed-in screen asks for all of them at once.
  return /\/features\/(?!info\/|offline\/)[^/]+\/locales\/en\.json$/.test(moduleId) ? 'locale-en' : null;
}

// The dialog and menu primitives (Radix and the libraries under it) the signed-in screens share. Radix's
// reading-direction provider and the package that re-exports it are on the first visit
// (app/provider.tsx) and stay out of this chunk.
const UI_PRIMITIVES =
  /node_modules[\\/](@radix-ui[\\/](?!react-direction[\\/])|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|@floating-ui[\\/]|get-nonce[\\/]|tslib[\\/])/;

/** Our code a later screen may share with another (not a library, not a language's texts). */
function sharedByScreens(id: string): boolean {
  return (
    !/node_modules|\/locales\//.test(id) &&
    !/\/features\/(player\/(?!media\.ts)|billing\/|settings\/|onboarding\/|auth\/)/.test(id) &&
    !/rules-dialog|completion-store/.test(id)
  );
}

// Shared modules the dashboard's page does not import (ADR 035). In screens-shared they made the dashboard
// wait for Radix (32 KB) and evaluate all of it in the task that paints the greeting. Those that draw a
// Radix menu, dialog or switch (and the forms and the ad built on them) go together, apart from the rest:
// the offline notices use the completion queue without Radix. The learning and catalogue contracts and
// every exercise type's shapes are among them: the dashboard's own calls are in contract/dashboard.ts and
// the lessons it stores for offline play load their contract when idle (ADR 044).
const DRAWS_RADIX =
  /\/components\/(ui\/(menu-radix|dialog|switch-field)|reminders-form|push-permission)\.|\/ads\/components\/ad-modal\./;
// What the dashboard draws after its greeting (the side column's Practice card and ad banner) and the
// header's bell: apart from what the greeting needs, in their own chunk (ADR 038).
const BESIDE_THE_GREETING =
  /\/features\/(ads\/(api\/|components\/banner-frame\.)|review\/api\/)|\/contract\/src\/(ads|review|notifications)\.|\/lib\/(push\/|notifications\/|catalogue\.ts)/;
const NOT_FOR_THE_DASHBOARD =
  /\/components\/ui\/screen\.|\/contract\/src\/(billing|social|feedback|learning|catalogue)\.|\/core\/src\/(billing\/|exercises\/|review\/forgiving-check\.|scoring\/blitz\.)|\/lib\/offline\/(completion-queue|completion-sync|send-completion)\.|\/lib\/(lesson|player-route)\.ts/;

// In development Vite serves the app and forwards API calls to the Fastify server (npm run dev).
export default defineConfig({
  plugins: [
    react(),
    zodWithoutJsonSchema(),
    // The dashboard's files, for the shell a signed-in learner's dashboard is sent in (ADR 042).
    dashboardPreloadList(),
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
          // One chunk per interface language (its shared and feature files together); English stays in
          // the app bundle as the fallback. See src/i18n/resources.ts.
          groups: [
            { name: localeChunkName },
            // The libraries every screen needs change less often than our code: their own chunk stays
            // cached across deploys.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/,
            },
            // The contract's parser, needed by every call, first visit included (ADR 028).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Everything else the first screen needs in one chunk instead of a handful of tiny shared ones:
            // fewer requests before the first paint on a slow connection (ADR 028).
            // Radix's reading-direction provider (app/provider.tsx) in a file of its own, as when the menus'
            // Radix was on the first screens too: the entry stays the first visit's code (ADR 038).
            { name: 'direction', test: /node_modules[\\/]@radix-ui[\\/]react-direction[\\/]/ },
            {
              name: 'first-visit',
              tags: ['$initial'],
              test: (id) => !/node_modules/.test(id),
              includeDependenciesRecursively: false,
            },
            { name: 'ui-primitives', test: UI_PRIMITIVES, includeDependenciesRecursively: false },
            // Our code that two or more later screens share, in one chunk instead of a dozen of 1–3 KB:
            // the dashboard asked for some 40 files at once, which a slow connection serves a few at a
            // time (issue 15, the dashboard's LCP; ADR 031). What only the lesson, billing, settings,
            // onboarding or sign-in screens share (and the HTML sanitiser and IndexedDB behind the rules
            // dialogs and the completion queue) stays apart, so the dashboard does not download it.
            {
              name: 'screens-shared',
              test: (id) =>
                sharedByScreens(id) &&
                !DRAWS_RADIX.test(id) &&
                !NOT_FOR_THE_DASHBOARD.test(id) &&
                !BESIDE_THE_GREETING.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            // What later screens share beyond the dashboard: the modules drawing Radix's menus, dialogs and
            // switches, then the lesson's, billing's and sign-in's parts. Apart, the dashboard neither
            // downloads nor evaluates them (nor Radix) before its greeting paints (issue 15; ADR 035).
            {
              name: 'screens-dialogs',
              test: (id) => sharedByScreens(id) && DRAWS_RADIX.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'screens-side',
              test: (id) => sharedByScreens(id) && BESIDE_THE_GREETING.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'screens-more',
              test: sharedByScreens,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
