import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendDashboardEarly, takeEarlyDashboard } from './early-dashboard.ts';

function answerWith(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the dashboard request sent from the entry (ADR 031)', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => {
    takeEarlyDashboard()?.catch(() => undefined);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks GET /api/learning/dashboard once and hands the answer to the first fetch only', async () => {
    fetchMock.mockResolvedValue(answerWith(500, { error: { code: 'X', message: 'no' } }));
    sendDashboardEarly();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/learning/dashboard');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('GET');
    const first = takeEarlyDashboard();
    expect(first).toBeInstanceOf(Promise);
    await expect(first).rejects.toMatchObject({ status: 500 });
    expect(takeEarlyDashboard()).toBeUndefined();
  });

  it('drops a refused answer (a guest on /dashboard), so a later visit asks again', async () => {
    fetchMock.mockResolvedValue(answerWith(401, { error: { code: 'UNAUTHORIZED', message: 'sign in' } }));
    sendDashboardEarly();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeEarlyDashboard()).toBeUndefined();
  });

  it('does not hand over an answer older than ten seconds', () => {
    vi.useFakeTimers();
    fetchMock.mockReturnValue(new Promise(() => undefined));
    sendDashboardEarly();
    vi.advanceTimersByTime(10_001);
    expect(takeEarlyDashboard()).toBeUndefined();
  });
});
