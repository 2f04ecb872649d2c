import { describe, expect, it } from 'vitest';
import { dashboardPreloads, preloadLinks, type BuiltChunk } from './dashboard-preloads.ts';

/*
 * ADR 042: the signed-in dashboard's shell preloads what the page's chunk imports, not what the entry
 * already loads, nor the chunks the page imports lazily (the side column, the settings).
 */
function chunk(fileName: string, extra: Partial<BuiltChunk> = {}): BuiltChunk {
  return {
    fileName,
    name: fileName.replace(/^assets\/|-\w+\.js$/g, ''),
    isEntry: false,
    facadeModuleId: null,
    imports: [],
    importedCss: [],
    ...extra,
  };
}

const build: BuiltChunk[] = [
  chunk('assets/index-a.js', {
    isEntry: true,
    facadeModuleId: '/app/src/main.tsx',
    imports: ['assets/framework-b.js'],
    importedCss: ['assets/index-a.css'],
  }),
  chunk('assets/framework-b.js'),
  chunk('assets/dashboard-route-c.js', {
    facadeModuleId: '/app/src/app/routes/dashboard-route.tsx',
    imports: ['assets/framework-b.js', 'assets/screens-shared-d.js', 'assets/zod-e.js'],
    importedCss: ['assets/dashboard-route-c.css'],
  }),
  chunk('assets/screens-shared-d.js', {
    imports: ['assets/zod-e.js'],
    importedCss: ['assets/screens-shared-d.css'],
  }),
  chunk('assets/zod-e.js'),
  chunk('assets/locale-en-f.js'),
  chunk('assets/dashboard-side-g.js', { facadeModuleId: '/app/src/app/routes/dashboard-side.ts' }),
];

describe("the dashboard's preloads (ADR 042)", () => {
  it("lists the page's chunk, its static imports beyond the entry's, the English and their styles", () => {
    expect(dashboardPreloads(build)).toEqual({
      scripts: [
        '/assets/dashboard-route-c.js',
        '/assets/screens-shared-d.js',
        '/assets/zod-e.js',
        '/assets/locale-en-f.js',
      ],
      styles: ['/assets/dashboard-route-c.css', '/assets/screens-shared-d.css'],
    });
  });

  it('refuses a build without the dashboard page rather than writing an empty list', () => {
    expect(() => dashboardPreloads(build.filter((c) => !c.fileName.includes('dashboard-route')))).toThrow(
      /no dashboard page/,
    );
  });

  it('writes low-priority links, styles first, as the preload helper would name them', () => {
    expect(preloadLinks({ scripts: ['/assets/a.js'], styles: ['/assets/a.css'] })).toBe(
      '<link rel="preload" as="style" crossorigin href="/assets/a.css" fetchpriority="low">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/a.js" fetchpriority="low">',
    );
  });
});
