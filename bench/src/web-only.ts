import os from 'node:os';
import { firstVisitJs, runLighthouse } from './web.ts';

/*
 * The browser part of the bench alone, against a Parlo that is already running (issue 15, for working on
 * the first visit without the 4-minute server bench):
 *   node --import tsx bench/src/web-only.ts http://127.0.0.1:3000 [--lighthouse] [--runs=3] [/ /login …]
 * Lighthouse's score moves with the machine's load, so each path is audited --runs times and the median
 * is printed next to every run, with the load average.
 */

const argv = process.argv.slice(2);
const baseUrl = argv.find((arg) => /^https?:\/\//.test(arg)) ?? 'http://127.0.0.1:3000';
const runs = Number(argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const paths = argv.filter((arg) => arg.startsWith('/'));
const out = (line = '') => process.stdout.write(`${line}\n`);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const visit = await firstVisitJs(baseUrl);
out(
  `first-visit JS: ${visit.compressedBytes} bytes compressed in ${visit.files} files (load average ${load()})`,
);

if (argv.includes('--lighthouse')) {
  for (const path of paths.length > 0 ? paths : ['/', '/login']) {
    const results = [];
    for (let run = 0; run < runs; run += 1) results.push(...(await runLighthouse(baseUrl, [path])));
    const runsText = results.map(
      (r) =>
        `${r.performance} (FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls.toFixed(3)}, benchmarkIndex ${r.benchmarkIndex})`,
    );
    out(
      `Lighthouse ${path}: median ${median(results.map((r) => r.performance))}, LCP ${median(
        results.map((r) => r.lcpMs),
      )} ms, TBT ${median(results.map((r) => r.tbtMs))} ms; runs ${runsText.join(', ')} (load average ${load()})`,
    );
  }
}
