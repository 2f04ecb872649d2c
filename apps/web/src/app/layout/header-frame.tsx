import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';

/** The site header's bar with the logo leading home; the guest and signed-in headers fill in the rest. */
export function HeaderFrame({
  kind,
  home,
  children,
}: {
  kind: 'guest' | 'signed-in';
  home: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className={`header header--${kind}`}>
      <div className="header__inner">
        <Link to={home} className="header__logo" aria-label={t('nav.home')}>
          <Logo />
        </Link>
        {children}
      </div>
    </header>
  );
}
