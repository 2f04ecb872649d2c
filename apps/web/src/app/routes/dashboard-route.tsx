import { DashboardPage, type SettingsSlots } from '../../features/dashboard/components/dashboard-page.tsx';
import { SettingsMenu } from '../../features/settings/components/settings-menu.tsx';
import { SettingsPanel } from '../../features/settings/components/settings-panels.tsx';

const settings: SettingsSlots = {
  menu: (current) => <SettingsMenu current={current} />,
  panel: (panel, user, overview) => <SettingsPanel panel={panel} user={user} plan={overview} />,
};

/** /dashboard: the dashboard feature's page with the settings feature's menu and panels inside it. */
export function DashboardRoute() {
  return <DashboardPage settings={settings} />;
}
