import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

function localeChunkName(moduleId: string): string | null {
  const language = /\/locales\/([a-z]{2})\.json$/.exec(moduleId)?.[1];
  return language && language !== 'en' ? `locale-${language}` : null;
}

// In development Vite serves the app and forwards API calls to the Fastify server (npm run dev).
export default defineConfig({
  plugins: [react()],
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
          ],
        },
      },
    },
  },
});
