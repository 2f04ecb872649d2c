/**
 * After `vite build`: the first screens of `/` and `/login` in each interface language, written into the
 * built index.html as `dist/prerendered/<language>/<screen>.html` (ADR 029). The server picks one by the
 * learner's language; the browser renders the same tree over it, so the first paint no longer waits for
 * the JavaScript. Run by `npm run build` (package.json).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import {
  interfaceLanguages,
  textDirection,
  type InterfaceLanguage,
} from '@parlo/core/i18n/interface-languages';
import type * as FirstScreens from '../src/prerender/first-screens.tsx';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(webDir, 'dist');
const serverBuildDir = path.join(webDir, 'node_modules', '.prerender');

/** The service worker's registration exists only in the browser build (vite-plugin-pwa). */
function withoutServiceWorker(): Plugin {
  return {
    name: 'parlo-prerender-without-service-worker',
    resolveId: (id) => (id === 'virtual:pwa-register' ? '\0virtual:pwa-register' : null),
    load: (id) =>
      id === '\0virtual:pwa-register' ? 'export function registerSW() { return () => {}; }' : null,
  };
}

/** The file name the server looks for: `index.html` for `/`, `login.html` for `/login`. */
export function prerenderedFileName(screenPath: string): string {
  return screenPath === '/' ? 'index.html' : `${screenPath.replace(/^\//, '')}.html`;
}

function fillShell(shell: string, language: InterfaceLanguage, markup: string): string {
  const html = shell
    .replace(/<html[^>]*>/, `<html lang="${language}" dir="${textDirection(language)}">`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${language}">${markup}</div>`);
  if (!html.includes('data-prerendered')) throw new Error('dist/index.html has no empty <div id="root">');
  return html;
}

async function main(): Promise<void> {
  const shell = await fs.readFile(path.join(distDir, 'index.html'), 'utf8');
  await build({
    configFile: false,
    root: webDir,
    logLevel: 'warn',
    publicDir: false,
    plugins: [react(), withoutServiceWorker()],
    build: {
      ssr: 'src/prerender/first-screens.tsx',
      outDir: serverBuildDir,
      emptyOutDir: true,
      rolldownOptions: { output: { entryFileNames: 'first-screens.js' } },
    },
  });
  // Node 20 has no global navigator (21 does); browser code (i18n) reads it while rendering.
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: '', language: 'en', languages: ['en'] };
  const { renderFirstScreen, prerenderedPaths } = (await import(
    pathToFileURL(path.join(serverBuildDir, 'first-screens.js')).href
  )) as typeof FirstScreens;

  const outDir = path.join(distDir, 'prerendered');
  await fs.rm(outDir, { recursive: true, force: true });
  for (const language of interfaceLanguages) {
    await fs.mkdir(path.join(outDir, language), { recursive: true });
    for (const screenPath of prerenderedPaths) {
      const markup = await renderFirstScreen(screenPath, language);
      await fs.writeFile(
        path.join(outDir, language, prerenderedFileName(screenPath)),
        fillShell(shell, language, markup),
      );
    }
  }
  console.log(`prerendered ${prerenderedPaths.join(', ')} in ${interfaceLanguages.length} languages`);
}

await main();
