import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ArrowBackIcon } from '../../../components/ui/icons.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCatalogue, type SpokenLanguage } from '../../../lib/catalogue.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';

/** SPEC §2 /select-course: first the language you speak, then the course to learn. */
export function SelectCoursePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const errorText = useErrorMessage();
  const [spoken, setSpoken] = useState<SpokenLanguage | null>(null);

  let body;
  if (catalogue.isPending) {
    body = <Spinner label={t('common.loading')} />;
  } else if (catalogue.isError) {
    body = (
      <Alert
        action={
          <Button size="sm" variant="secondary" onClick={() => void catalogue.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {errorText(catalogue.error)}
      </Alert>
    );
  } else if (catalogue.data.length === 0) {
    body = <Alert tone="info">{t('nav.noCourses')}</Alert>;
  } else if (!spoken) {
    body = (
      <>
        <h2 className="choice-title">{t('onboarding.spokenTitle')}</h2>
        <ul className="choices">
          {catalogue.data.map((language) => (
            <li key={language.id}>
              <button type="button" className="choice" onClick={() => setSpoken(language)}>
                <span className="choice__name">{language.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </>
    );
  } else {
    body = (
      <>
        <h2 className="choice-title">{t('onboarding.courseTitle')}</h2>
        <ul className="choices">
          {spoken.packages.map((coursePackage) => (
            <li key={coursePackage.id}>
              <button
                type="button"
                className="choice"
                disabled={coursePackage.soon}
                onClick={() => void navigate('/select-program', { state: { packageId: coursePackage.id } })}
              >
                <span className="choice__name">{coursePackage.name}</span>
                {coursePackage.soon ? (
                  <span className="pill pill--muted">{t('landing.comingSoon')}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        <Button variant="ghost" icon={<ArrowBackIcon />} onClick={() => setSpoken(null)}>
          {t('common.back')}
        </Button>
      </>
    );
  }

  return (
    <Page title={t('onboarding.selectCourse.title')} subtitle={t('onboarding.selectCourse.text')}>
      <Card padding="lg">{body}</Card>
    </Page>
  );
}
