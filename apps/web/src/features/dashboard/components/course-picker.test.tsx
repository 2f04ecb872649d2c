// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '../api/dashboard.ts';
import { dashboardAnswer, selectedCourse } from '../testing/dashboard-answer.ts';
import { showWithDashboard } from '../testing/show-with-dashboard.tsx';
import { ProgramPicker } from './course-picker.tsx';

/** The header's program picker with the dashboard's answer given, or still asked for (the request hangs). */
function showPicker(dashboard: Dashboard | 'asked for') {
  showWithDashboard(<ProgramPicker />, dashboard);
  return screen.getByRole('button', { name: /program/i });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the header's program picker", () => {
  it('shows a bar, not "Not chosen yet", while the dashboard is asked for', () => {
    const picker = showPicker('asked for');
    expect(picker.textContent).not.toContain('Not chosen yet');
    expect(picker.getAttribute('aria-busy')).toBe('true');
    expect(picker.querySelector('.picker__value--loading')).not.toBeNull();
  });

  it("shows the current program's name once the dashboard has answered", () => {
    const picker = showPicker(
      dashboardAnswer({
        course: selectedCourse([], {
          packageId: 1,
          programId: 12,
          courseName: 'Spanish',
          programName: 'A2',
          languageCode: 'es',
          programs: [
            { id: 11, name: 'A1' },
            { id: 12, name: 'A2' },
          ],
        }),
      }),
    );
    expect(picker.textContent).toContain('A2');
    expect(picker.getAttribute('aria-busy')).toBeNull();
  });

  it('says "Not chosen yet" when the dashboard answered without a course', () => {
    const picker = showPicker(dashboardAnswer({ course: null }));
    expect(picker.textContent).toContain('Not chosen yet');
    expect(picker.querySelector('.picker__value--loading')).toBeNull();
  });
});
