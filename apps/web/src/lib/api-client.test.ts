import { defineCall } from '@parlo/contract/call';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callLazily, isApiError } from './api-client.ts';
import { pendingFetch } from './testing/pending-fetch.ts';

/** A call of our own, as a contract file writes one; its module is "loaded" by the tests' `loadCall`. */
const greetingCall = defineCall({
  method: 'GET',
  path: '/api/greeting',
  tags: ['test'],
  summary: 'A greeting',
  access: 'anyone',
  status: 200,
  response: z.object({ greeting: z.string() }),
  refusals: [],
});
const greetingRoute = { method: greetingCall.method, path: greetingCall.path };

/** The call's module out of reach (offline, or a deploy renamed its chunk). */
const unreachable = (): Promise<typeof greetingCall> =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callLazily: a call whose contract is loaded on demand', () => {
  it("downloads the call's schema while its request is on its way, and parses the answer with it", async () => {
    const request = pendingFetch();
    const loadCall = vi.fn(async () => greetingCall);

    const result = callLazily(greetingRoute, loadCall);

    expect(request.fetch).toHaveBeenCalledTimes(1);
    // Asked for before any answer came: the greeting waits for one round of downloads, not two.
    expect(loadCall).toHaveBeenCalledTimes(1);
    request.answer(Response.json({ greeting: 'Hallo', unknown: true }));
    await expect(result).resolves.toEqual({ greeting: 'Hallo' });
    expect(loadCall).toHaveBeenCalledTimes(1);
  });

  it('loads no schema for an answer read as it is (a guest’s session)', async () => {
    const request = pendingFetch();
    const loadCall = vi.fn(async () => greetingCall);

    const result = callLazily(greetingRoute, loadCall, {
      readWithoutSchema: (body): body is { greeting: string } => (body as { guest?: boolean }).guest === true,
    });
    request.answer(Response.json({ guest: true }));

    await expect(result).resolves.toEqual({ guest: true });
    expect(loadCall).not.toHaveBeenCalled();
  });

  it("reports the server's refusal, not a schema that could not load, and leaves no rejection unhandled", async () => {
    const request = pendingFetch();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const result = callLazily(greetingRoute, unreachable);
      request.answer(
        Response.json({ error: { code: 'NOT_SIGNED_IN', message: 'Sign in first' } }, { status: 401 }),
      );

      const error = await result.catch((caught: unknown) => caught);
      expect(isApiError(error) && [error.status, error.code]).toEqual([401, 'NOT_SIGNED_IN']);
      // A turn of the event loop: Node reports an unhandled rejection after the microtasks have run.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('fails a successful answer whose schema could not load with the loading error', async () => {
    const request = pendingFetch();
    const result = callLazily(greetingRoute, unreachable);
    request.answer(Response.json({ greeting: 'Hallo' }));

    await expect(result).rejects.toThrow('Failed to fetch dynamically imported module');
  });
});
