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

/** Panels that belong to the settings menu: opening one shows the menu on the right. */
export const settingsPanels = [
  'general',
  'photo',
  'sounds',
  'subscription',
  'reminders',
  'notification',
  'topic-rules',
  'exit',
] as const satisfies readonly LeftPanel[];

export interface DashboardState {
  leftPanel?: LeftPanel;
  rightPanel?: RightPanel;
  /** A confirmation to show once, e.g. after saving reminders on /select-reminders. */
  notice?: 'reminders-saved';
}

/** Reads navigation state defensively: it may come from an old history entry or another version. */
export function dashboardStateFrom(
  state: unknown,
): Required<Omit<DashboardState, 'notice'>> & Pick<DashboardState, 'notice'> {
  const candidate = (state ?? {}) as { leftPanel?: unknown; rightPanel?: unknown; notice?: unknown };
  const leftPanel = leftPanels.find((panel) => panel === candidate.leftPanel) ?? 'dashboard';
  const rightPanel = rightPanels.find((panel) => panel === candidate.rightPanel) ?? 'userstatus';
  const notice = candidate.notice === 'reminders-saved' ? 'reminders-saved' : undefined;
  return { leftPanel, rightPanel, notice };
}
