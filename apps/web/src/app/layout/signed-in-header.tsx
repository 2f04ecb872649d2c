import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TrophyIcon } from '../../components/ui/icons.tsx';
import { Img } from '../../components/ui/img.tsx';
import { CoursePicker, ProgramPicker } from '../../features/dashboard/components/course-picker.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { LanguageSelector } from '../../features/settings/components/language-selector.tsx';
import type { SessionUser } from '../../lib/session.ts';
import { HeaderFrame } from './header-frame.tsx';
import { paths } from '../../config/paths.ts';

function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => Array.from(part)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** SPEC §2 logged-in header: program and course pickers, language, bell, ranking, avatar. */
export function SignedInHeader({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <HeaderFrame kind="signed-in" home={paths.dashboard}>
      <nav className="header__pickers" aria-label={t('nav.learning')}>
        <ProgramPicker />
        <CoursePicker user={user} />
      </nav>
      <div className="header__actions">
        <LanguageSelector />
        <NotificationBell />
        <button
          type="button"
          className="icon-button header__icon-button"
          aria-label={t('nav.ranking')}
          onClick={() => void navigate(paths.dashboard, { state: { leftPanel: 'ratings' } })}
        >
          <TrophyIcon />
        </button>
        <button
          type="button"
          className="avatar"
          aria-label={t('nav.profile')}
          onClick={() =>
            void navigate(paths.dashboard, { state: { leftPanel: 'general', rightPanel: 'settings' } })
          }
        >
          {user.avatar ? <Img src={user.avatar} alt="" className="avatar__image" /> : initials(user.name)}
        </button>
      </div>
    </HeaderFrame>
  );
}
