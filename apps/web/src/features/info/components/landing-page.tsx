import './landing.css';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import {
  BoltIcon,
  CheckIcon,
  FlameIcon,
  GiftIcon,
  MicIcon,
  StarIcon,
  TrophyIcon,
} from '../../../components/ui/icons.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { usePhoneOnTheWeb } from '../../../lib/device.ts';
import { LanguagesOffered } from './languages-offered.tsx';
import { StoreBadges } from './store-badges.tsx';
import { paths } from '../../../config/paths.ts';

// SPEC §1 marketing claims and §9 defaults, used in the copy.
const DAYS_TO_SPEAK = 7;
const FREE_LESSONS_PER_DAY = 2;
const MINUTES_PER_LESSON = 5;
const DEMO_STREAK_DAYS = 12;

/** A still of a lesson, drawn in HTML so it follows the interface language and direction. */
function LessonPreview() {
  const { t } = useTranslation();
  return (
    <div className="lesson-preview" aria-hidden="true">
      <div className="lesson-preview__streak">
        <FlameIcon />
        {t('common.days', { count: DEMO_STREAK_DAYS })}
      </div>
      <div className="lesson-preview__card">
        <div className="lesson-preview__progress">
          <span style={{ inlineSize: '62%' }} />
        </div>
        <p className="lesson-preview__prompt">{t('landing.demoPrompt')}</p>
        <p className="lesson-preview__word" lang="es">
          la manzana
        </p>
        <ul className="lesson-preview__options">
          <li>{t('landing.demoPear')}</li>
          <li className="lesson-preview__option--right">
            {t('landing.demoApple')}
            <CheckIcon />
          </li>
          <li>{t('landing.demoOrange')}</li>
        </ul>
        <div className="lesson-preview__feedback">
          <CheckIcon />
          {t('landing.demoCorrect')}
        </div>
      </div>
      <div className="lesson-preview__points">
        <StarIcon />
        +1
      </div>
    </div>
  );
}

/**
 * A phone that chose the web over the apps (/mobile.html) sees them again under the hero's buttons, not
 * only in the install section a few screens down (issue 29).
 */
function HeroAppsOffer() {
  const onPhone = usePhoneOnTheWeb();
  return onPhone ? <StoreBadges atOnce /> : null;
}

export function LandingPage() {
  const { t } = useTranslation();
  const reasons = [
    { key: 'fast', icon: <BoltIcon /> },
    { key: 'speak', icon: <MicIcon /> },
    { key: 'motivation', icon: <TrophyIcon /> },
    { key: 'free', icon: <GiftIcon /> },
  ];

  return (
    <Page title={t('landing.pageTitle')} width="wide" hideHeading>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <p className="pill pill--accent">
            <GiftIcon />
            {t('landing.eyebrow')}
          </p>
          <h1 className="hero__title" id="hero-title">
            {t('landing.title')}
          </h1>
          <p className="hero__lead">{t('landing.lead')}</p>
          <div className="hero__actions">
            <ButtonLink to={paths.register} size="lg">
              {t('landing.ctaStart')}
            </ButtonLink>
            <ButtonLink to={paths.login} size="lg" variant="secondary">
              {t('landing.ctaLogin')}
            </ButtonLink>
          </div>
          <p className="hero__note">
            <CheckIcon />
            {t('landing.freeWeek')}
          </p>
          <HeroAppsOffer />
        </div>
        <LessonPreview />
      </section>

      <section className="facts" aria-label={t('landing.factsLabel')}>
        <div className="fact">
          <strong className="fact__value">{t('common.days', { count: DAYS_TO_SPEAK })}</strong>
          <span className="fact__text">{t('landing.factDays')}</span>
        </div>
        <div className="fact">
          <strong className="fact__value">{t('common.freeLessons', { count: FREE_LESSONS_PER_DAY })}</strong>
          <span className="fact__text">{t('landing.factLessons')}</span>
        </div>
        <div className="fact">
          <strong className="fact__value">{t('common.minutes', { count: MINUTES_PER_LESSON })}</strong>
          <span className="fact__text">{t('landing.factMinutes')}</span>
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <h2 className="section__title" id="why-title">
          {t('landing.whyTitle')}
        </h2>
        <ul className="reasons">
          {reasons.map((reason) => (
            <li key={reason.key} className="reason">
              <span className={`reason__icon reason__icon--${reason.key}`} aria-hidden="true">
                {reason.icon}
              </span>
              <h3 className="reason__title">{t(`landing.why.${reason.key}.title`)}</h3>
              <p className="reason__text">{t(`landing.why.${reason.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="languages-title">
        <h2 className="section__title" id="languages-title">
          {t('landing.languagesTitle')}
        </h2>
        <p className="section__lead">{t('landing.languagesText')}</p>
        <LanguagesOffered />
      </section>

      <section className="install" aria-labelledby="install-title">
        <div className="install__text">
          <h2 className="install__title" id="install-title">
            {t('landing.installTitle')}
          </h2>
          <p>{t('landing.installText')}</p>
          <StoreBadges />
        </div>
        <div className="install__cta">
          <p className="install__cta-title">{t('landing.ctaBottomTitle')}</p>
          <p>{t('landing.ctaBottomText')}</p>
          <ButtonLink to={paths.register} size="lg" variant="accent">
            {t('landing.ctaStart')}
          </ButtonLink>
        </div>
      </section>
    </Page>
  );
}
