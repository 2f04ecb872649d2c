/** SPEC §2 /dashboard navigation state: which panel shows on each side. */
export const leftPanels = [
  'dashboard',
  'ratings',
  'userstatus',
  'general',
  'photo',
  'sounds',
  'subscription',
  'reminders',
  'topic-rules',
  'notification',
  'exit',
] as const;
export type LeftPanel = (typeof leftPanels)[number];

export const rightPanels = ['userstatus', 'settings'] as const;
export type RightPanel = (typeof rightPanels)[number];

export interface DashboardState {
  leftPanel?: LeftPanel;
  rightPanel?: RightPanel;
}

/** Reads navigation state defensively: it may come from an old history entry or another version. */
export function dashboardStateFrom(state: unknown): Required<DashboardState> {
  const candidate = (state ?? {}) as { leftPanel?: unknown; rightPanel?: unknown };
  const leftPanel = leftPanels.find((panel) => panel === candidate.leftPanel) ?? 'dashboard';
  const rightPanel = rightPanels.find((panel) => panel === candidate.rightPanel) ?? 'userstatus';
  return { leftPanel, rightPanel };
}
