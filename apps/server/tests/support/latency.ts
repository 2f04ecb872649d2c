import http from 'node:http';

/** The value below which `share` of the sorted samples lie (nearest rank). */
export function percentile(samples: readonly number[], share: number): number {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

/** One HTTP request to a listening server; resolves with its status once the answer has been read. */
export function request(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<number> {
  return new Promise((resolve) => {
    const sent = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(response.statusCode ?? 0));
      },
    );
    // A server that refuses a large body may close the socket while it is still being written.
    sent.on('error', () => resolve(0));
    sent.end(options.body);
  });
}

/**
 * Asks `path` once every `everyMs` (each after the previous answer) for `forMs`, as a balancer polls
 * health, and returns each request's latency in ms.
 */
export async function pollLatencies(
  port: number,
  path: string,
  forMs: number,
  everyMs = 50,
): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + forMs;
  while (performance.now() < end) {
    const started = performance.now();
    await request(port, { path });
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return latencies;
}

/** Starts `send` every `everyMs` until the returned stop is called; stop waits for those still out. */
export function flood(send: () => Promise<unknown>, everyMs: number): { stop(): Promise<unknown[]> } {
  const pending: Array<Promise<unknown>> = [];
  const timer = setInterval(() => pending.push(send()), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Promise.all(pending);
    },
  };
}
