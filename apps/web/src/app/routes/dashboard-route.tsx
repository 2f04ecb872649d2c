import { BannerFrame } from '../../features/ads/components/banner-frame.tsx';
import { DashboardPage, type SettingsSlots } from '../../features/dashboard/components/dashboard-page.tsx';
import { useLessonsAheadCache } from '../lessons-ahead.ts';
import { PracticeCard } from '../../features/review/components/practice-card.tsx';
import { SettingsMenu } from '../../features/settings/components/settings-menu.tsx';
import { SettingsPanel } from '../../features/settings/components/settings-panels.tsx';
import { SubscriptionPanel } from '../../features/billing/components/subscription-panel.tsx';

const settings: SettingsSlots = {
  menu: (current) => <SettingsMenu current={current} />,
  panel: (panel, user, overview) => (
    <SettingsPanel
      panel={panel}
      user={user}
      subscription={<SubscriptionPanel freeLessonsLeft={overview?.freeLessonsLeft} />}
    />
  ),
};

/**
 * /dashboard: the dashboard feature's page with the settings feature's menu and panels (the billing
 * feature's subscription panel among them), the review feature's practice card (issue 16) and the ads
 * feature's banner frame (issue 11) composed into it (features do not import each other).
 */
export function DashboardRoute() {
  useLessonsAheadCache();
  return <DashboardPage settings={settings} sideCard={<PracticeCard />} banner={<BannerFrame />} />;
}
