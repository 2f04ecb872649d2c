import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { LeftPanel, RightPanel } from './dashboard-panels.ts';
import { paths } from '../config/paths.ts';

/** Opens dashboard panels through navigation state (SPEC §2), so the back button retraces the steps. */
export function useDashboardNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (leftPanel: LeftPanel, rightPanel: RightPanel = 'userstatus') =>
      void navigate(paths.dashboard, { state: { leftPanel, rightPanel } }),
    [navigate],
  );
}
