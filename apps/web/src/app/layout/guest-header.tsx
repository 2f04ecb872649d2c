import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { LanguageSelector } from '../../features/settings/components/language-selector.tsx';

/** SPEC §2 logged-out header: logo, language selector, login and create-account. */
export function GuestHeader({ showActions }: { showActions: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="header header--guest">
      <div className="header__inner">
        <Link to="/" className="header__logo" aria-label={t('nav.home')}>
          <Logo />
        </Link>
        <div className="header__actions">
          <LanguageSelector />
          {/* Until the session is known the buttons hold their place unseen, so nothing moves when they show. */}
          <span className={`header__guest-actions${showActions ? '' : ' header__guest-actions--pending'}`}>
            <ButtonLink to="/login" variant="ghost" size="sm" className="header__login">
              {t('nav.login')}
            </ButtonLink>
            <ButtonLink to="/register" size="sm" className="header__register">
              {t('nav.register')}
            </ButtonLink>
          </span>
        </div>
      </div>
    </header>
  );
}
