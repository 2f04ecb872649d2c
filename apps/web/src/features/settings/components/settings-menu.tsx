import './settings.css';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import {
  ArrowBackIcon,
  BellIcon,
  CameraIcon,
  CardIcon,
  ClockIcon,
  LogOutIcon,
  UserIcon,
} from '../../../components/ui/more-icons.tsx';
import type { LeftPanel } from '../../../lib/dashboard-panels.ts';
import { VolumeIcon } from '../../../components/ui/learning-icons.tsx';
import { useDashboardNavigate } from '../../../lib/use-dashboard-navigate.ts';
import { paths } from '../../../config/paths.ts';

const items = [
  { panel: 'general', icon: <UserIcon /> },
  { panel: 'photo', icon: <CameraIcon /> },
  { panel: 'sounds', icon: <VolumeIcon /> },
  { panel: 'subscription', icon: <CardIcon /> },
  { panel: 'reminders', icon: <ClockIcon /> },
  { panel: 'notification', icon: <BellIcon /> },
] as const satisfies readonly { panel: LeftPanel; icon: ReactNode }[];

/** SPEC §2 right-hand settings menu; exit asks first, then goes through /logout. */
export function SettingsMenu({ current }: { current: LeftPanel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useDashboardNavigate();
  const [confirming, setConfirming] = useState(false);

  return (
    <Card as="nav" className="settings-menu" aria-labelledby="settings-title">
      <h2 className="panel-title" id="settings-title">
        {t('dashboard.settingsTitle')}
      </h2>
      <ul className="settings-menu__list">
        {items.map((item) => (
          <li key={item.panel}>
            <button
              type="button"
              className={`settings-menu__item${current === item.panel ? ' settings-menu__item--active' : ''}`}
              aria-current={current === item.panel ? 'page' : undefined}
              onClick={() => open(item.panel, 'settings')}
            >
              {item.icon}
              <span>{t(`dashboard.panel.${item.panel}`)}</span>
            </button>
          </li>
        ))}
        <li>
          <Dialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('dashboard.exitTitle')}
            description={t('dashboard.exitText')}
            closeLabel={t('common.close')}
            trigger={
              <button type="button" className="settings-menu__item settings-menu__item--danger">
                <LogOutIcon />
                <span>{t('dashboard.panel.exit')}</span>
              </button>
            }
            footer={
              <>
                <DialogClose asChild>
                  <Button variant="secondary">{t('common.cancel')}</Button>
                </DialogClose>
                <Button variant="danger" onClick={() => void navigate(paths.logout)}>
                  {t('dashboard.exitConfirm')}
                </Button>
              </>
            }
          />
        </li>
      </ul>
      <Button
        variant="ghost"
        size="sm"
        className="settings-menu__back"
        icon={<ArrowBackIcon />}
        onClick={() => open('dashboard')}
      >
        {t('dashboard.backToProgress')}
      </Button>
    </Card>
  );
}
