import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath, signedInLearnerCookie } from './web.ts';

/*
 * What the first /dashboard's main thread is busy with (issue 33: the dashboard's Lighthouse score is its
 * total blocking time). One signed-in load is traced with the CPU slowed as Lighthouse's mobile audit
 * assumes (4×); every task over 50 ms is printed with what it is made of (script, style, layout) and the
 * functions that took its time, from the trace's own CPU samples.
 *   node --import tsx bench/src/first-dashboard-trace.ts http://127.0.0.1:3000 [/dashboard]
 * Function names are readable when the web app was built with `npx vite build --minify false`.
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
}

const argv = process.argv.slice(2);
const baseUrl = argv.find((arg) => /^https?:\/\//.test(arg)) ?? 'http://127.0.0.1:3000';
const path = argv.find((arg) => arg.startsWith('/')) ?? '/dashboard';
const LONG_TASK_US = 50_000;
const out = (line: string) => process.stdout.write(`${line}\n`);

const cookie = await signedInLearnerCookie(baseUrl);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
let events: TraceEvent[];
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.setExtraHTTPHeaders({ cookie });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
    ],
  });
  await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
    .traceEvents;
} finally {
  await browser.close();
}

// The page's renderer: the main thread that ran the app's scripts.
const mainThread = events.find(
  (e) =>
    e.name === 'thread_name' &&
    e.args?.name === 'CrRendererMain' &&
    events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'FunctionCall'),
);
if (!mainThread) throw new Error('no renderer main thread ran a script in the trace');
const onMain = events.filter((e) => e.pid === mainThread.pid && e.tid === mainThread.tid && e.ph === 'X');
const start =
  events.find((e) => e.pid === mainThread.pid && e.name === 'navigationStart')?.ts ?? onMain[0]!.ts;
const at = (ts: number) => `${Math.round((ts - start) / 1000)} ms`;

// CPU samples (time stamps in the trace's clock) and the call tree they point into.
const nodes = new Map<number, ProfileNode>();
const samples: { ts: number; node: number }[] = [];
const profile = events.find((e) => e.name === 'Profile' && e.pid === mainThread.pid);
let sampleTs = Number(profile?.args?.data?.startTime ?? 0);
for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile?.id)) {
  const data = chunk.args?.data as {
    cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
    timeDeltas?: number[];
  };
  for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
  (data.cpuProfile?.samples ?? []).forEach((node, index) => {
    sampleTs += data.timeDeltas?.[index] ?? 0;
    samples.push({ ts: sampleTs, node });
  });
}
const frameName = (node: ProfileNode | undefined) =>
  node
    ? `${node.callFrame.functionName || '(anonymous)'} ${(node.callFrame.url ?? '').split('/').pop()}:${node.callFrame.lineNumber ?? ''}`
    : '?';

/** Milliseconds by function in [from, to]: its own time, or its time with what it called. */
function functionsIn(from: number, to: number, inclusive: boolean, count: number): string {
  const inRange = samples.filter((s) => s.ts >= from && s.ts <= to);
  const spent = new Map<string, number>();
  inRange.forEach((sample, index) => {
    const ms = ((inRange[index + 1]?.ts ?? sample.ts) - sample.ts) / 1000;
    const names = new Set<string>();
    for (
      let id: number | undefined = sample.node;
      id !== undefined;
      id = inclusive ? nodes.get(id)?.parent : undefined
    ) {
      names.add(frameName(nodes.get(id)));
    }
    for (const name of names) spent.set(name, (spent.get(name) ?? 0) + ms);
  });
  return [...spent]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(' | ');
}

let blocking = 0;
for (const task of onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > LONG_TASK_US)) {
  const end = task.ts + task.dur!;
  const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
  // The task's direct parts: events no other event inside the task encloses.
  const parts = new Map<string, number>();
  for (const e of inside) {
    const enclosed = inside.some(
      (p) =>
        p !== e && (p.dur ?? 0) > (e.dur ?? 0) && p.ts <= e.ts && p.ts + (p.dur ?? 0) >= e.ts + (e.dur ?? 0),
    );
    if (enclosed) continue;
    const url = e.args?.data?.url;
    const label = typeof url === 'string' && url ? `${e.name} ${url.split('/').pop()}` : e.name;
    parts.set(label, (parts.get(label) ?? 0) + (e.dur ?? 0) / 1000);
  }
  blocking += (task.dur! - LONG_TASK_US) / 1000;
  const made = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 6);
  out(
    `task at ${at(task.ts)}, ${Math.round(task.dur! / 1000)} ms: ${made.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' | ')}`,
  );
  out(`  own time: ${functionsIn(task.ts, end, false, 10)}`);
  out(`  with callees: ${functionsIn(task.ts, end, true, 20)}`);
}
for (const mark of events.filter(
  (e) =>
    e.pid === mainThread.pid && /^(firstContentfulPaint|largestContentfulPaint::Candidate)$/.test(e.name),
)) {
  out(`${mark.name} at ${at(mark.ts)}`);
}
out(`blocking time (each task's time over 50 ms, summed): ${blocking.toFixed(0)} ms`);
