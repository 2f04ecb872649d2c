// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dashboardAnswer } from '../testing/dashboard-answer.ts';
import { showWithDashboard } from '../testing/show-with-dashboard.tsx';
import { StatusRoadPanel } from './status-road-panel.tsx';

/** A learner on the second of three tiers, whose names end in punctuation. */
const dashboard = {
  ...dashboardAnswer({}),
  status: {
    name: 'Explorer!',
    index: 1,
    points: 15,
    nextPoints: 30,
    toNextStatus: 15,
    roadProgress: 50,
    tiers: [
      { name: 'Newcomer', points: 0 },
      { name: 'Explorer!', points: 10 },
      { name: 'Traveller?', points: 30 },
    ],
  },
};

afterEach(() => {
  cleanup();
});

describe("the dashboard's status road", () => {
  it("isolates every status's name, so an Arabic interface cannot move a name's '!' to its start", () => {
    showWithDashboard(<StatusRoadPanel />, dashboard);
    for (const name of ['Newcomer', 'Explorer!', 'Traveller?']) {
      const shown = screen.getAllByText(name);
      expect(shown.length).toBeGreaterThan(0);
      for (const element of shown) {
        expect(element.tagName).toBe('BDI');
        // The statuses are named in the course's language, not the interface's: the first strong letter decides.
        expect(element.getAttribute('dir')).toBe('auto');
      }
    }
    // The current status shows twice: above the road and as its own step.
    expect(screen.getAllByText('Explorer!')).toHaveLength(2);
  });
});
