import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Accounts from '@parlo/contract/accounts';
import { pendingFetch } from './testing/pending-fetch.ts';

const accountsContract = vi.hoisted(() => ({ loads: 0 }));

// Counts the loads of the session's schema (the accounts contract, a chunk of its own in the build).
vi.mock('@parlo/contract/accounts', async (importOriginal) => {
  accountsContract.loads += 1;
  return importOriginal<typeof Accounts>();
});

const { ensureLearnerSession, sessionQueryOptions } = await import('./session.ts');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session', () => {
  // First in the file: once the contract has been loaded it stays loaded, and the count says nothing more.
  it("for a guest's screen, loads no schema for a guest's answer", async () => {
    const { answer } = pendingFetch();
    const session = new QueryClient().fetchQuery(sessionQueryOptions);
    answer(Response.json({ user: null }));

    await expect(session).resolves.toBeNull();
    expect(accountsContract.loads).toBe(0);
  });

  it("for a learner's screen, downloads its schema while the request is on its way", async () => {
    const { answer } = pendingFetch();
    const session = ensureLearnerSession(new QueryClient());

    // No answer yet: the schema is already asked for.
    await vi.waitFor(() => expect(accountsContract.loads).toBe(1));
    answer(Response.json({ user: null }));
    await expect(session).resolves.toBeNull();
  });
});
