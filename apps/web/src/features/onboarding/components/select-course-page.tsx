import './onboarding.css';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { ArrowBackIcon, ArrowForwardIcon } from '../../../components/ui/more-icons.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  spokenLanguageFor,
  useCourseList,
  type CourseListLanguage as SpokenLanguage,
} from '../../../lib/catalogue.ts';
import { useSession } from '../../../lib/session.ts';
import { CourseBadge } from './course-badge.tsx';
import { OnboardingSteps } from './onboarding-steps.tsx';
import { RequestFailed } from '../../../components/request-failed.tsx';
import { paths } from '../../../config/paths.ts';
import { ForeignText } from '../../../components/ui/foreign-text.tsx';

/** Only real language tags go into `lang`: a made-up code would mislead screen readers. */
function langAttribute(code: string): string | undefined {
  return /^[a-z]{2,3}(-[a-z0-9]+)*$/i.test(code) ? code : undefined;
}

/**
 * SPEC §2 /select-course in two steps: the language you speak (each in its own name, the interface
 * language chosen already), then the course to learn. The step lives in the address (?spoken=id), so
 * the browser's back button goes from the courses back to the languages.
 */
export function SelectCoursePage() {
  const { t, i18n } = useTranslation();
  const catalogue = useCourseList();
  const [params, setParams] = useSearchParams();
  const spoken = catalogue.data?.find((language) => String(language.id) === params.get('spoken'));

  let body;
  if (catalogue.isPending) {
    body = (
      <div className="onboarding-wait">
        <Spinner label={t('common.loading')} size="lg" />
      </div>
    );
  } else if (catalogue.isError) {
    body = <RequestFailed query={catalogue} />;
  } else if (catalogue.data.length === 0) {
    body = <Alert tone="info">{t('nav.noCourses')}</Alert>;
  } else if (!spoken) {
    body = (
      <SpokenLanguageStep
        languages={catalogue.data}
        interfaceLanguage={i18n.language}
        onChoose={(language) => setParams({ spoken: String(language.id) })}
      />
    );
  } else {
    body = <CourseStep language={spoken} onBack={() => setParams({})} />;
  }

  return (
    <Page title={t('onboarding.selectCourse.title')} subtitle={t('onboarding.selectCourse.text')}>
      <OnboardingSteps current="course" />
      <Card padding="lg">{body}</Card>
    </Page>
  );
}

function SpokenLanguageStep({
  languages,
  interfaceLanguage,
  onChoose,
}: {
  languages: SpokenLanguage[];
  interfaceLanguage: string;
  onChoose: (language: SpokenLanguage) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const preselected = spokenLanguageFor(languages, session.data?.spokenLanguageId, interfaceLanguage);
  const [chosenId, setChosenId] = useState(preselected?.id);
  const chosen = languages.find((language) => language.id === chosenId);

  return (
    <form
      className="onboarding-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onChoose(chosen);
      }}
    >
      <fieldset className="onboarding-fieldset">
        <legend className="choice-title">{t('onboarding.spokenTitle')}</legend>
        <div className="option-grid">
          {languages.map((language) => (
            <label key={language.id} className="option" lang={langAttribute(language.code)}>
              <input
                type="radio"
                name="spoken-language"
                className="option__input"
                value={language.id}
                checked={language.id === chosenId}
                onChange={() => setChosenId(language.id)}
              />
              {language.icon ? (
                <CourseBadge name={language.name} icon={language.icon} />
              ) : (
                <span className="option__code" aria-hidden="true">
                  {language.code.slice(0, 2).toUpperCase()}
                </span>
              )}
              <span className="option__name">
                <ForeignText>{language.name}</ForeignText>
              </span>
              <span className="option__tick" aria-hidden="true">
                <CheckIcon />
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="onboarding-actions">
        <Button type="submit" size="lg" disabled={!chosen} iconEnd={<ArrowForwardIcon />}>
          {t('common.continue')}
        </Button>
      </div>
    </form>
  );
}

function CourseStep({ language, onBack }: { language: SpokenLanguage; onBack: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <h2 className="choice-title">{t('onboarding.courseTitle')}</h2>
      <p className="onboarding-note">
        {t('onboarding.spokenChosen')}{' '}
        <strong>
          <ForeignText lang={langAttribute(language.code)}>{language.name}</ForeignText>
        </strong>
      </p>
      {language.packages.length === 0 ? (
        <Alert tone="info">{t('nav.noCourses')}</Alert>
      ) : (
        <ul className="course-grid">
          {language.packages.map((coursePackage) => (
            <li key={coursePackage.id}>
              <button
                type="button"
                className="course-card"
                style={
                  coursePackage.color
                    ? ({ '--course-color': coursePackage.color } as CSSProperties)
                    : undefined
                }
                disabled={coursePackage.soon}
                onClick={() => void navigate(paths.selectProgram, { state: { packageId: coursePackage.id } })}
              >
                <CourseBadge
                  name={coursePackage.name}
                  icon={coursePackage.icon}
                  color={coursePackage.color}
                  size="lg"
                />
                <span className="course-card__name">
                  <ForeignText>{coursePackage.name}</ForeignText>
                </span>
                {coursePackage.soon ? (
                  <span className="pill pill--muted course-card__badge">{t('landing.comingSoon')}</span>
                ) : (
                  <ArrowForwardIcon className="icon-flip-rtl course-card__arrow" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="onboarding-actions onboarding-actions--start">
        <Button variant="ghost" icon={<ArrowBackIcon />} onClick={onBack}>
          {t('onboarding.changeSpoken')}
        </Button>
      </div>
    </>
  );
}
