import http from 'node:http';
import autocannon from 'autocannon';
import { clientAddress, dueRange, openLoopSchedule, percentile } from './schedule.ts';
import type { OpenLoopFigures } from './report.ts';

export const CLIENT_ADDRESSES = 1000;

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Told the answer's status (closed loop), e.g. to give a learner back once its completion committed. */
  answered?: (status: number) => void;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number | null;
  p99Ms: number | null;
  errors: number;
  total: number;
}

/**
 * Closed-loop load with autocannon (-c 50): `next(i)` builds the i-th request, so each one can carry
 * another client address, learner or lesson. Only 2xx answers count as served requests — or only 3xx for a
 * revalidation run (`served: '3xx'`: If-None-Match answered 304 Not Modified).
 */
export async function closedLoop(
  baseUrl: string,
  next: (index: number) => LoadRequest,
  options: { seconds: number; connections?: number; served?: '2xx' | '3xx' },
): Promise<LoadResult> {
  let index = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections ?? 50,
    duration: options.seconds,
    timeout: 30,
    requests: [
      {
        setupRequest: (request, context) => {
          const built = next(index);
          // The connection's context lives until this request is answered (autocannon resets it after).
          (context as { built?: LoadRequest }).built = built;
          const address = clientAddress(index, CLIENT_ADDRESSES);
          index += 1;
          return {
            ...request,
            method: built.method,
            path: built.path,
            headers: {
              'x-forwarded-for': address,
              ...(built.body ? { 'content-type': 'application/json' } : {}),
              ...built.headers,
            },
            body: built.body ?? '',
          };
        },
        onResponse: (status, _body, context) => {
          (context as { built?: LoadRequest }).built?.answered?.(status);
        },
      },
    ],
  });
  const ok = result[options.served ?? '2xx'];
  return {
    requestsPerSecond: ok / options.seconds,
    // Nothing answered within the run: no latency to show (autocannon reports 0).
    p50Ms: ok > 0 ? (result.latency.p50 ?? null) : null,
    p99Ms: ok > 0 ? (result.latency.p99 ?? null) : null,
    errors: result.non2xx - (options.served === '3xx' ? ok : 0) + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/**
 * Open-loop (fixed-rate) load: request i is due at start + i/rate whatever happened to earlier ones, and its
 * latency runs from that due time, so a slow server cannot slow the offered load down and hide its queue
 * (no coordinated omission).
 */
export async function openLoop(
  baseUrl: string,
  next: (index: number) => LoadRequest,
  options: { perSecond: number; seconds: number; drainSeconds?: number },
): Promise<OpenLoopFigures> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const schedule = openLoopSchedule(options.perSecond, options.seconds);
  const latencies: number[] = [];
  let errors = 0;
  let completed = 0;
  let sent = 0;
  let finished = false;
  const answered = new Array<boolean>(schedule.length).fill(false);
  const settle = (index: number, due: number, failed: boolean) => {
    if (finished || answered[index]) return;
    answered[index] = true;
    completed += 1;
    if (failed) errors += 1;
    latencies.push(performance.now() - due);
  };
  const pending: Array<Promise<void>> = [];
  const start = performance.now();

  const send = (index: number) => {
    const due = start + (schedule[index] ?? 0);
    const built = next(index);
    sent += 1;
    pending.push(
      new Promise<void>((resolve) => {
        const request = http.request(
          {
            host: url.hostname,
            port: url.port,
            method: built.method,
            path: built.path,
            agent,
            timeout: 30_000,
            headers: {
              'x-forwarded-for': clientAddress(index, CLIENT_ADDRESSES),
              ...(built.body ? { 'content-type': 'application/json' } : {}),
              ...built.headers,
            },
          },
          (response) => {
            response.resume();
            response.on('end', () => {
              settle(index, due, (response.statusCode ?? 0) >= 300);
              resolve();
            });
          },
        );
        request.on('error', () => {
          settle(index, due, true);
          resolve();
        });
        request.on('timeout', () => request.destroy(new Error('timeout')));
        request.end(built.body);
      }),
    );
  };

  let from = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const [first, to] = dueRange(schedule, from, performance.now() - start);
      for (let index = first; index < to; index += 1) send(index);
      from = to;
      if (from >= schedule.length) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  // Answers still owed after the last send are waited for a few seconds; the rest count as unanswered
  // (their latency is at least the run's end minus their due time, so the percentiles include them).
  const drainMs = (options.drainSeconds ?? 5) * 1000;
  let drainTimer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(pending),
    new Promise<void>((resolve) => (drainTimer = setTimeout(resolve, drainMs))),
  ]);
  clearTimeout(drainTimer);
  finished = true;
  const ended = performance.now();
  const unanswered = sent - completed;
  for (let index = 0; index < sent; index += 1)
    if (!answered[index]) latencies.push(ended - start - (schedule[index] ?? 0));
  agent.destroy();
  const okAnswers = completed - errors;
  return {
    offeredPerSecond: options.perSecond,
    sent,
    completed,
    errors: errors + unanswered,
    achievedPerSecond: (okAnswers * 1000) / (ended - start),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}
