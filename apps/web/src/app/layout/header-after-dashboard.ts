/**
 * On a load that opens on the dashboard, the signed-in header's code (its course pickers, bell and
 * menus, with Radix under them: ≈ 45 KB compressed) is asked for once the dashboard's greeting has been
 * painted: sent alongside the page's code, it was downloaded and evaluated before the greeting on a slow
 * connection (issue 15, the dashboard's LCP; ADR 035). The header's frame stands in meanwhile, as it
 * does while the session is asked for. Any other first screen loads the header at once.
 */
let held = false;
let release: () => void = () => undefined;
const greetingPainted = new Promise<void>((resolve) => {
  release = resolve;
});

// However the dashboard fares (a background tab paints nothing), the header does not wait longer.
const LONGEST_HOLD_MS = 3_000;

let heldOnce = false;

/**
 * From the dashboard's route loader (app/router.tsx). Only the layout's first render reads it, so only a
 * load that opens on the dashboard waits; a later visit changes nothing.
 */
export function holdHeaderForDashboard(): void {
  if (heldOnce) return;
  heldOnce = true;
  held = true;
  setTimeout(release, LONGEST_HOLD_MS);
}

/** Whether the header's code must wait for the dashboard's first paint. */
export function headerHeld(): boolean {
  return held;
}

/** Resolves once the header may load (at once when it was never held). */
export function headerMayLoad(): Promise<void> {
  return heldOnce ? greetingPainted : Promise.resolve();
}

/** The dashboard's greeting is on screen, or this load left the dashboard: the header may load. */
export function releaseHeader(): void {
  held = false;
  release();
}
