/** Pure parts of the report: issue 15's targets, the met/not-met verdicts and the printed table. */

export type DatabaseKind = 'pglite' | 'postgres';

export interface EndpointFigures {
  /** Key of the endpoint (see `endpointLabels`). */
  endpoint: string;
  requestsPerSecond: number;
  p50Ms: number | null;
  p99Ms: number | null;
  /** Answers that were not 2xx (a refused or failed request is not a served one). */
  errors: number;
  /** The hello-world run interleaved with this one; null for runs without a baseline. */
  baselineRequestsPerSecond: number | null;
  /** The server's CPU time per answered request, in ms (absent in older result files or off Linux). */
  serverCpuMsPerRequest?: number | null;
}

export interface OpenLoopFigures {
  offeredPerSecond: number;
  sent: number;
  completed: number;
  errors: number;
  achievedPerSecond: number;
  p50Ms: number | null;
  p99Ms: number | null;
}

export const endpointLabels: Record<string, string> = {
  catalogue: 'GET /api/languages/{id}/outline (catalogue)',
  'catalogue-gzip': 'GET /api/languages/{id}/outline, gzip',
  'catalogue-304': 'GET /api/languages/{id}/outline, If-None-Match → 304',
  'catalogue-whole': 'GET /api/languages, whole document',
  health: 'GET /api/health',
  exercises: 'GET /api/lessons/{id}/exercises',
  overview: 'GET /api/learning/overview',
  leaderboard: 'GET /api/leaderboard',
  login: 'POST /api/users/login',
  completion: 'POST /api/lessons/{id}/complete',
};

/** Issue 15 "Targets": share of hello-world on PostgreSQL; PGlite needs at least half of each. */
export const shareTargets: Record<string, number> = {
  catalogue: 0.5,
  'catalogue-gzip': 0.5,
  health: 0.7,
  exercises: 0.3,
  overview: 0.15,
  leaderboard: 0.3,
  completion: 0.08,
};

/** p99 of the open-loop completion run at 300/s offered; PGlite "at least half" = twice the time. */
export const completionP99TargetMs = 50;
export const firstVisitJsTargetBytes = 150 * 1024;
export const idleRssTargetBytes = 300 * 1024 * 1024;
export const ownRankTargetMs = 5;

export function shareTarget(endpoint: string, database: DatabaseKind): number | null {
  const target = shareTargets[endpoint];
  if (target === undefined) return null;
  return database === 'postgres' ? target : target / 2;
}

export function share(figures: EndpointFigures): number | null {
  if (!figures.baselineRequestsPerSecond) return null;
  return figures.requestsPerSecond / figures.baselineRequestsPerSecond;
}

export type Verdict = 'met' | 'NOT met' | '';

export function verdict(value: number | null, target: number | null, atMost = false): Verdict {
  if (value === null || target === null) return '';
  return (atMost ? value <= target : value >= target) ? 'met' : 'NOT met';
}

export function formatPercent(value: number | null): string {
  if (value === null) return '–';
  if (value < 0.01) return `${(value * 100).toFixed(2)} %`;
  return `${(value * 100).toFixed(1)} %`;
}

export function formatMs(value: number | null): string {
  if (value === null) return '–';
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
}

export function formatRate(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

export function formatBytes(value: number): string {
  if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(0)} MB`;
  return `${(value / 1024).toFixed(1)} KB`;
}

/** Left-aligned first column, right-aligned others; plain text so it pastes into a report or README. */
export function renderTable(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join(' | ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}

/** One row per endpoint: req/s, p50, p99, errors, share of hello-world, the target and whether it is met. */
export function endpointRows(figures: EndpointFigures[], database: DatabaseKind): string[][] {
  return figures.map((row) => {
    const rowShare = share(row);
    const target = shareTarget(row.endpoint, database);
    return [
      endpointLabels[row.endpoint] ?? row.endpoint,
      formatRate(row.requestsPerSecond),
      formatMs(row.p50Ms),
      formatMs(row.p99Ms),
      String(row.errors),
      row.baselineRequestsPerSecond === null ? '–' : formatRate(row.baselineRequestsPerSecond),
      formatPercent(rowShare),
      target === null ? '–' : `≥ ${formatPercent(target)}`,
      verdict(rowShare, target),
    ];
  });
}

export const endpointHeader = [
  'endpoint',
  'req/s',
  'p50',
  'p99',
  'non-2xx',
  'hello req/s',
  'share',
  'target',
  '',
];

export function completionP99Target(database: DatabaseKind): number {
  return database === 'postgres' ? completionP99TargetMs : completionP99TargetMs * 2;
}

export function openLoopRow(figures: OpenLoopFigures, database: DatabaseKind): string[] {
  const target = completionP99Target(database);
  return [
    `completion at ${figures.offeredPerSecond}/s offered (open loop)`,
    `${formatRate(figures.achievedPerSecond)}/s`,
    formatMs(figures.p50Ms),
    formatMs(figures.p99Ms),
    String(figures.errors + (figures.sent - figures.completed)),
    '–',
    '–',
    `p99 ≤ ${target} ms`,
    verdict(figures.p99Ms, target, true),
  ];
}
