import type { Plugin } from 'vite';

/*
 * Issue 15, the dashboard's LCP (ADR 042). A load that opens on the dashboard used to discover the page's
 * code only once the entry had been downloaded and evaluated (it imports the page lazily): one more round
 * trip, and React's and the entry's evaluation, before the page's files even left. The build lists those
 * files here; scripts/prerender.ts writes them as low-priority preloads into the shell the server sends a
 * signed-in learner's dashboard (`prerendered/dashboard.html`). Low priority: they must not overtake the
 * entry and the framework, which the first paint (the spinner and the header's frame) waits for.
 */

/** Where the list is written in the build (beside Vite's own manifest; not precached by the worker). */
export const DASHBOARD_PRELOADS_FILE = '.vite/dashboard-preloads.json';

/** The files a load opening on the dashboard fetches for its greeting, beyond the entry's own. */
export interface DashboardPreloads {
  scripts: string[];
  styles: string[];
}

/** What the build says of one output chunk (the parts of Rollup's OutputChunk this needs). */
export interface BuiltChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  importedCss: string[];
}

/** The dashboard page's module (`app/lazy-pages.ts` imports it lazily). */
const DASHBOARD_PAGE = /[\\/]app[\\/]routes[\\/]dashboard-route\.tsx$/;

/**
 * The dashboard page's chunk and everything it imports statically, with their styles, minus what the
 * entry already loads; and the features' English (`locale-en`), which the page waits for too
 * (`preloadablePage` in app/lazy-pages.ts). Paths are absolute, as the preload helper writes them, so the
 * app's own import of the page finds them already there instead of asking again.
 */
export function dashboardPreloads(chunks: readonly BuiltChunk[]): DashboardPreloads {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const page = chunks.find((chunk) => chunk.facadeModuleId && DASHBOARD_PAGE.test(chunk.facadeModuleId));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!page || !entry) throw new Error('the build has no dashboard page or no entry chunk');
  const staticClosure = (start: BuiltChunk): BuiltChunk[] => {
    const seen = new Map<string, BuiltChunk>();
    const visit = (chunk: BuiltChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.set(chunk.fileName, chunk);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) visit(imported);
      }
    };
    visit(start);
    return [...seen.values()];
  };
  const onFirstLoad = new Set(staticClosure(entry).map((chunk) => chunk.fileName));
  const english = chunks.find((chunk) => chunk.name === 'locale-en');
  const needed = [...staticClosure(page), ...(english ? [english] : [])].filter(
    (chunk) => !onFirstLoad.has(chunk.fileName),
  );
  return {
    scripts: needed.map((chunk) => `/${chunk.fileName}`),
    styles: [...new Set(needed.flatMap((chunk) => chunk.importedCss))].map((file) => `/${file}`),
  };
}

/** The preload links for the dashboard's shell, in the order the page asks for them. */
export function preloadLinks(preloads: DashboardPreloads): string {
  return [
    ...preloads.styles.map(
      (href) => `<link rel="preload" as="style" crossorigin href="${href}" fetchpriority="low">`,
    ),
    ...preloads.scripts.map(
      (href) => `<link rel="modulepreload" crossorigin href="${href}" fetchpriority="low">`,
    ),
  ].join('\n    ');
}

/** The Vite plugin: writes the dashboard's list into the build for scripts/prerender.ts. */
export function dashboardPreloadList(): Plugin {
  return {
    name: 'parlo-dashboard-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          name: output.name,
          isEntry: output.isEntry,
          facadeModuleId: output.facadeModuleId,
          imports: output.imports,
          importedCss: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: DASHBOARD_PRELOADS_FILE,
        source: JSON.stringify(dashboardPreloads(chunks), null, 2),
      });
    },
  };
}
