import { describe, expect, it } from 'vitest';
import {
  endpointRows,
  formatMs,
  formatPercent,
  openLoopRow,
  renderTable,
  share,
  shareTarget,
  verdict,
  type EndpointFigures,
} from './report.ts';

const figures = (overrides: Partial<EndpointFigures>): EndpointFigures => ({
  endpoint: 'health',
  requestsPerSecond: 7000,
  p50Ms: 6,
  p99Ms: 21,
  errors: 0,
  baselineRequestsPerSecond: 10_000,
  ...overrides,
});

describe("issue 15's targets", () => {
  it('are shares of hello-world on PostgreSQL and half of each on PGlite', () => {
    expect(shareTarget('health', 'postgres')).toBe(0.7);
    expect(shareTarget('health', 'pglite')).toBe(0.35);
    expect(shareTarget('catalogue', 'postgres')).toBe(0.5);
    expect(shareTarget('completion', 'postgres')).toBe(0.08);
    expect(shareTarget('login', 'postgres')).toBeNull();
  });

  it('compares the share with the target', () => {
    expect(share(figures({}))).toBe(0.7);
    expect(share(figures({ baselineRequestsPerSecond: null }))).toBeNull();
    expect(verdict(0.7, 0.7)).toBe('met');
    expect(verdict(0.69, 0.7)).toBe('NOT met');
    expect(verdict(50, 50, true)).toBe('met');
    expect(verdict(51, 50, true)).toBe('NOT met');
    expect(verdict(null, 0.7)).toBe('');
  });
});

describe('the printed table', () => {
  it('shows req/s, latencies, the share, the target and the verdict per endpoint', () => {
    const [health, catalogue] = endpointRows(
      [figures({}), figures({ endpoint: 'catalogue', requestsPerSecond: 30, p50Ms: 1500, p99Ms: 2600 })],
      'postgres',
    );
    expect(health).toEqual([
      'GET /api/health',
      '7,000',
      '6.0 ms',
      '21 ms',
      '0',
      '10,000',
      '70.0 %',
      '≥ 70.0 %',
      'met',
    ]);
    expect(catalogue).toEqual([
      'GET /api/languages/{id}/outline (catalogue)',
      '30',
      '1.50 s',
      '2.60 s',
      '0',
      '10,000',
      '0.30 %',
      '≥ 50.0 %',
      'NOT met',
    ]);
  });

  it('judges the open-loop completion run by its p99 (50 ms on PostgreSQL, 100 ms on PGlite)', () => {
    const run = {
      offeredPerSecond: 300,
      sent: 1500,
      completed: 1490,
      errors: 2,
      achievedPerSecond: 297.6,
      p50Ms: 12,
      p99Ms: 80,
    };
    expect(openLoopRow(run, 'postgres').slice(-2)).toEqual(['p99 ≤ 50 ms', 'NOT met']);
    expect(openLoopRow(run, 'pglite').slice(-2)).toEqual(['p99 ≤ 100 ms', 'met']);
    // Failed and unanswered completions are both shown.
    expect(openLoopRow(run, 'pglite')[4]).toBe('12');
  });

  it('aligns columns and formats small shares and long times readably', () => {
    expect(
      renderTable(
        ['a', 'b'],
        [
          ['xx', '1'],
          ['y', '100'],
        ],
      ),
    ).toBe('a  |   b\n---|----\nxx |   1\ny  | 100');
    expect(formatPercent(0.0012)).toBe('0.12 %');
    expect(formatPercent(null)).toBe('–');
    expect(formatMs(1234)).toBe('1.23 s');
    expect(formatMs(null)).toBe('–');
  });
});
