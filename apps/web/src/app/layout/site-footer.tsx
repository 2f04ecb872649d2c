import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { paths } from '../../config/paths.ts';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo />
          <p>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className="footer__links">
            <li>
              <Link to={paths.terms}>{t('info.terms.title')}</Link>
            </li>
            <li>
              <Link to={paths.privacy}>{t('info.privacy.title')}</Link>
            </li>
            <li>
              <Link to={paths.contacts}>{t('info.contacts.title')}</Link>
            </li>
          </ul>
        </nav>
        <p className="footer__copy">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
