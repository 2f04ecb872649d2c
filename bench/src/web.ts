import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Request } from 'playwright-core';

/*
 * The browser side of the benchmark (issue 15): what a first visit downloads, and Lighthouse's mobile
 * performance audit. Both drive Debian's Chromium (never a downloaded browser) against a running Parlo.
 */

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every headless Chromium on these machines runs with (BRIEF.md, e2e/playwright.config.ts). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A tablet: Lighthouse's phone user agent would be sent to /mobile.html (the store-app offer,
 * apps/web/src/lib/device.ts: Android *with* "Mobile" is a phone), which is not the page being measured.
 */
export const tabletUserAgent =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

export interface FirstVisitJs {
  /** Compressed bytes of JavaScript the page downloaded (bodies as sent on the wire). */
  compressedBytes: number;
  files: number;
}

/**
 * Loads `/` in a fresh profile and sums the JavaScript it transfers until the network is idle. The service
 * worker is blocked: it precaches the other screens' chunks in the background after the page is
 * interactive, which is not what the first visit waits for.
 */
export async function firstVisitJs(baseUrl: string): Promise<FirstVisitJs> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', userAgent: tabletUserAgent });
    const page = await context.newPage();
    const scripts: Request[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request);
    });
    await page.goto(new URL('/', baseUrl).href, { waitUntil: 'networkidle' });
    const sizes = await Promise.all(scripts.map((request) => request.sizes()));
    return {
      compressedBytes: sizes.reduce((sum, size) => sum + size.responseBodySize, 0),
      files: scripts.length,
    };
  } finally {
    await browser.close();
  }
}

export interface LighthouseResult {
  path: string;
  /** 0–100. */
  performance: number;
  cls: number;
  lcpMs: number;
  /** First contentful paint and total blocking time: with LCP, what moves the score (ADR 028). */
  fcpMs: number;
  tbtMs: number;
  /**
   * Lighthouse's own reading of how fast this machine's CPU was during the audit: its score caps and its
   * CPU slowdown are calibrated for one machine class, so a run on a slower one is read beside it.
   */
  benchmarkIndex: number;
}

/** Paths only a signed-in learner sees; for these a learner is registered and enrolled first. */
const SIGNED_IN_PATHS = /^\/(dashboard|words|select-|settings)/;

interface CatalogueLanguage {
  packages?: Array<{ id: number; programs?: Array<{ id: number }> }>;
}

async function postJson(url: URL, body: unknown, cookie?: string): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url.origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url.pathname}: ${response.status} ${await response.text()}`);
  return response;
}

/** Registers a learner on the first bundled course (as onboarding would) and returns their cookie. */
export async function signedInLearnerCookie(baseUrl: string): Promise<string> {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const registered = await postJson(new URL('/api/users/register', baseUrl), {
    name: 'Bench Learner',
    age: 30,
    email: `bench.${unique}@example.com`,
    password: 'correct horse battery',
  });
  const cookie = registered.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const catalogue = (await (await fetch(new URL('/api/languages', baseUrl))).json()) as CatalogueLanguage[];
  const coursePackage = catalogue.flatMap((language) => language.packages ?? []).find((p) => p.programs?.[0]);
  const program = coursePackage?.programs?.[0];
  if (!coursePackage || !program) throw new Error('the catalogue has no course to enrol in');
  await postJson(
    new URL('/api/learning/course', baseUrl),
    { packageId: coursePackage.id, programId: program.id },
    cookie,
  );
  await postJson(
    new URL('/api/learning/level', baseUrl),
    { programId: program.id, level: 'beginning' },
    cookie,
  );
  return cookie;
}

/**
 * With LIGHTHOUSE_REPORT_DIR set, each audit's whole report is kept there as JSON: its LCP breakdown,
 * long tasks and request chain say why a score moved, which the four figures printed do not.
 */
function saveReport(lhr: unknown, pagePath: string): void {
  const dir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const name = `${pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${Date.now()}.json`;
  writeFileSync(join(dir, name), JSON.stringify(lhr));
}

/**
 * Lighthouse's performance audit with its default mobile settings (simulated slow 4G and 4× CPU
 * slowdown, a 412 px screen) and a tablet user agent, one fresh Chromium per path. Paths a guest cannot
 * open (the dashboard) are audited as a freshly enrolled learner, their session cookie sent with every
 * request.
 */
export async function runLighthouse(baseUrl: string, paths: string[]): Promise<LighthouseResult[]> {
  // Imported here: the harness needs them only when asked to run Lighthouse.
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  let cookie: string | undefined;
  const results: LighthouseResult[] = [];
  for (const path of paths) {
    if (SIGNED_IN_PATHS.test(path)) cookie ??= await signedInLearnerCookie(baseUrl);
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: ['--headless=new', ...chromiumFlags],
    });
    try {
      const result = await lighthouse(new URL(path, baseUrl).href, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        emulatedUserAgent: tabletUserAgent,
        ...(SIGNED_IN_PATHS.test(path) && cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned no report for ${path}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
      saveReport(lhr, path);
      results.push({
        path,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      });
    } finally {
      chrome.kill();
    }
  }
  return results;
}
