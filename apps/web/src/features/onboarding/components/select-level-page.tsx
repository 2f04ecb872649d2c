import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { BookIcon, BoltIcon } from '../../../components/ui/icons.tsx';
import { Page } from '../../../components/ui/page.tsx';

/** SPEC §2 /select-level: 'I know the basics' or 'start from the beginning'. */
export function SelectLevelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const next = (level: 'basics' | 'beginning') =>
    void navigate('/select-reminders', { state: { ...(location.state as object | null), level } });

  return (
    <Page title={t('onboarding.selectLevel.title')} subtitle={t('onboarding.selectLevel.text')}>
      <div className="level-choices">
        <button type="button" className="level-choice" onClick={() => next('beginning')}>
          <span className="level-choice__icon" aria-hidden="true">
            <BookIcon />
          </span>
          <span className="level-choice__title">{t('onboarding.selectLevel.beginning')}</span>
          <span className="level-choice__text">{t('onboarding.selectLevel.beginningText')}</span>
        </button>
        <button type="button" className="level-choice" onClick={() => next('basics')}>
          <span className="level-choice__icon level-choice__icon--accent" aria-hidden="true">
            <BoltIcon />
          </span>
          <span className="level-choice__title">{t('onboarding.selectLevel.basics')}</span>
          <span className="level-choice__text">{t('onboarding.selectLevel.basicsText')}</span>
        </button>
      </div>
    </Page>
  );
}
