import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button.tsx';
import { LanguageSelector } from '../../features/settings/components/language-selector.tsx';
import { HeaderFrame } from './header-frame.tsx';
import { paths } from '../../config/paths.ts';

/** SPEC §2 logged-out header: logo, language selector, login and create-account. */
export function GuestHeader({ showActions }: { showActions: boolean }) {
  const { t } = useTranslation();
  return (
    <HeaderFrame kind="guest" home="/">
      <div className="header__actions">
        <LanguageSelector />
        {/* Until the session is known the buttons hold their place unseen, so nothing moves when they show. */}
        <span className={`header__guest-actions${showActions ? '' : ' header__guest-actions--pending'}`}>
          <ButtonLink to={paths.login} variant="ghost" size="sm" className="header__login">
            {t('nav.login')}
          </ButtonLink>
          <ButtonLink to={paths.register} size="sm" className="header__register">
            {t('nav.register')}
          </ButtonLink>
        </span>
      </div>
    </HeaderFrame>
  );
}
