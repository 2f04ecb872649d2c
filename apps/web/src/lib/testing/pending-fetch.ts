import { vi } from 'vitest';

/**
 * `fetch` stubbed with a request the test answers when it chooses: what a page sees while an answer is on
 * its way. Undone by `vi.unstubAllGlobals()`.
 */
export function pendingFetch() {
  let answer: (response: Response) => void = () => undefined;
  const fetch = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return { fetch, answer: (response: Response) => answer(response) };
}
