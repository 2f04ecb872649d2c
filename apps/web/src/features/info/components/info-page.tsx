import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { MailIcon } from '../../../components/ui/more-icons.tsx';
import { Page } from '../../../components/ui/page.tsx';

export type InfoSection = 'terms' | 'privacy' | 'contacts';

export const SUPPORT_EMAIL = 'support@parlo.app';

const tabs: InfoSection[] = ['terms', 'privacy', 'contacts'];

function Paragraphs({ prefix, count }: { prefix: string; count: number }) {
  const { t } = useTranslation();
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <p key={index}>{t(`${prefix}.p${index + 1}`)}</p>
      ))}
    </>
  );
}

/**
 * SPEC §2: /terms, /privacy and /contacts share one page; any unknown address shows the privacy text
 * (the router passes `section="privacy"` for it while the address bar keeps what was typed).
 */
export function InfoPage({ section }: { section: InfoSection }) {
  const { t } = useTranslation();
  return (
    <Page title={t(`info.${section}.title`)} subtitle={t('info.subtitle')}>
      <nav className="tabs" aria-label={t('info.tabsLabel')}>
        {tabs.map((tab) => (
          <NavLink
            key={tab}
            to={`/${tab}`}
            className={({ isActive }) =>
              `tabs__tab${isActive || tab === section ? ' tabs__tab--active' : ''}`
            }
            aria-current={tab === section ? 'page' : undefined}
          >
            {t(`info.${tab}.title`)}
          </NavLink>
        ))}
      </nav>
      <Card as="article" padding="lg" className="prose">
        {section === 'terms' ? (
          <>
            <h2>{t('info.terms.title')}</h2>
            <Paragraphs prefix="info.terms" count={3} />
            <h2 id="refunds">{t('info.refunds.title')}</h2>
            <Paragraphs prefix="info.refunds" count={2} />
          </>
        ) : null}
        {section === 'privacy' ? (
          <>
            <h2>{t('info.privacy.title')}</h2>
            <Paragraphs prefix="info.privacy" count={4} />
          </>
        ) : null}
        {section === 'contacts' ? (
          <>
            <h2>{t('info.contacts.title')}</h2>
            <Paragraphs prefix="info.contacts" count={1} />
            <h2 id="support">{t('info.support.title')}</h2>
            <Paragraphs prefix="info.support" count={2} />
            <p>
              <a className="contact-link" href={`mailto:${SUPPORT_EMAIL}`}>
                <MailIcon />
                <span dir="ltr">{SUPPORT_EMAIL}</span>
              </a>
            </p>
            <h2>{t('info.refunds.title')}</h2>
            <Paragraphs prefix="info.refunds" count={1} />
            <h2 id="credits">{t('info.credits.title')}</h2>
            <p>{t('info.credits.note')}</p>
            <dl className="credits">
              <dt>{t('info.credits.pictures')}</dt>
              <dd dir="ltr">
                <a href="https://openmoji.org/">OpenMoji</a> ·{' '}
                <a href="https://creativecommons.org/licenses/by-sa/4.0/">CC BY-SA 4.0</a>
              </dd>
              <dt>{t('info.credits.voices')}</dt>
              <dd dir="ltr">
                <a href="https://github.com/espeak-ng/espeak-ng">eSpeak NG</a> ·{' '}
                <a href="https://www.gnu.org/licenses/gpl-3.0.html">GPL-3.0</a>
              </dd>
            </dl>
          </>
        ) : null}
      </Card>
    </Page>
  );
}
