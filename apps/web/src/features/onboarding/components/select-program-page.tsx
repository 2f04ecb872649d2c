import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCatalogue } from '../../../lib/catalogue.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';

/** SPEC §2 /select-program: a program of the course chosen on the previous screen. */
export function SelectProgramPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const catalogue = useCatalogue();
  const errorText = useErrorMessage();
  const packageId = (location.state as { packageId?: unknown } | null)?.packageId;
  const coursePackage = catalogue.data
    ?.flatMap((language) => language.packages)
    .find((item) => item.id === packageId);

  let body;
  if (catalogue.isPending) body = <Spinner label={t('common.loading')} />;
  else if (catalogue.isError)
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
  else if (!coursePackage)
    body = (
      <Alert
        tone="info"
        action={
          <ButtonLink to="/select-course" size="sm" variant="secondary">
            {t('dashboard.chooseCourse')}
          </ButtonLink>
        }
      >
        {t('nav.chooseCourseFirst')}
      </Alert>
    );
  else if (coursePackage.programs.length === 0) body = <Alert tone="info">{t('nav.noPrograms')}</Alert>;
  else
    body = (
      <ul className="choices">
        {coursePackage.programs.map((program) => (
          <li key={program.id}>
            <button
              type="button"
              className="choice"
              onClick={() =>
                void navigate('/select-level', {
                  state: { packageId: coursePackage.id, programId: program.id },
                })
              }
            >
              <span className="choice__name">{program.name}</span>
              {program.description ? <span className="choice__text">{program.description}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <Page title={t('onboarding.selectProgram.title')} subtitle={t('onboarding.selectProgram.text')}>
      <Card padding="lg">{body}</Card>
    </Page>
  );
}
