import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/*
 * One accessibility check for every spec: axe looks at a screen once its arrival animations are over.
 * A half-faded text (a slide, a panel, a dialog fading in) has a lower contrast than the settled one and
 * was reported as a colour-contrast finding on a loaded machine.
 */

/**
 * Waits until no finite animation or transition is running. Each look first lets two frames pass, so an
 * animation that starts on the next frame (an element React mounts a moment after the first look) is
 * seen and waited for too; endless ones (a pulse, a spinner) are left running.
 */
export async function animationsSettled(page: Page) {
  for (let look = 0; look < 10; look += 1) {
    const awaited = await page.evaluate(`new Promise((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(
        Promise.all(document.getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)))
          .then((all) => all.length)))))`);
    if (awaited === 0) return;
  }
}

/** No serious or critical axe finding on the page as it stays (animations settled first). */
export async function expectNoSeriousViolations(page: Page) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}
