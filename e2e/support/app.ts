import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';

/*
 * Shared waits and reads for specs that talk to the app and its API directly.
 */

/**
 * A GET that is safe to repeat. The server closes a keep-alive socket after 5 s idle (serverTimeouts);
 * Playwright's request client may reuse that socket just as it closes (ECONNRESET), where a browser would
 * retry. Only for reads: a write sent twice could be applied twice.
 */
export function getIdempotent(request: APIRequestContext, url: string): Promise<APIResponse> {
  return request.get(url, { maxRetries: 1 });
}

/**
 * The signed-in app has taken over the page: on a load that opens on the dashboard its greeting is drawn
 * first and the signed-in header's code follows (ADRs 031, 035), and what the shell does once mounted
 * (sending the browser's time zone, say) starts from there. On a loaded machine that can take longer
 * than an assertion's default 5 s.
 */
export async function signedInAppReady(page: Page) {
  await expect(page.getByRole('button', { name: 'Profile and settings' })).toBeVisible({ timeout: 20_000 });
}
