import { hasProgramStarted, learningProgressSchema } from '@parlo/core/progression/progress';
import './onboarding.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ArrowForwardIcon } from '../../../components/ui/more-icons.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { findCoursePackage, useCourseList } from '../../../lib/catalogue.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useSelectCourse } from '../../../lib/learning.ts';
import { useSession } from '../../../lib/session.ts';
import { CourseBadge } from './course-badge.tsx';
import { OnboardingSteps } from './onboarding-steps.tsx';
import { RequestFailed } from '../../../components/request-failed.tsx';
import { paths } from '../../../config/paths.ts';
import { ForeignText } from '../../../components/ui/foreign-text.tsx';

/**
 * SPEC §2 /select-program: a program of the course chosen on /select-course (navigation state), or of
 * the learner's current course when they come back later. Choosing one saves the course and program.
 */
export function SelectProgramPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const catalogue = useCourseList();
  const selectCourse = useSelectCourse();
  const errorText = useErrorMessage();
  const [choosing, setChoosing] = useState<number | null>(null);
  const packageId =
    (location.state as { packageId?: unknown } | null)?.packageId ?? session.data?.learnedPackageId;
  const found = catalogue.data ? findCoursePackage(catalogue.data, packageId) : undefined;
  const coursePackage = found && !found.coursePackage.soon ? found.coursePackage : undefined;

  const choose = (programId: number) => {
    if (!coursePackage) return;
    setChoosing(programId);
    selectCourse.mutate(
      { packageId: coursePackage.id, programId },
      {
        // Back to a program already under way: its level and reminders were set the first time, so
        // the learner carries on from the dashboard instead of being asked again (and refused, 409).
        onSuccess: (progress) => {
          const entry = learningProgressSchema
            .safeParse(progress)
            .data?.selected.find((item) => item.programId === programId);
          if (entry && hasProgramStarted(entry)) void navigate(paths.dashboard);
          else void navigate(paths.selectLevel, { state: { packageId: coursePackage.id, programId } });
        },
      },
    );
  };

  let body;
  if (catalogue.isPending) {
    body = (
      <div className="onboarding-wait">
        <Spinner label={t('common.loading')} size="lg" />
      </div>
    );
  } else if (catalogue.isError) {
    body = <RequestFailed query={catalogue} />;
  } else if (!coursePackage) {
    // Reached without a course (typed address, old bookmark): the first step is one click away.
    body = (
      <Alert
        tone="info"
        action={
          <ButtonLink to={paths.selectCourse} size="sm" variant="secondary">
            {t('dashboard.chooseCourse')}
          </ButtonLink>
        }
      >
        {t('nav.chooseCourseFirst')}
      </Alert>
    );
  } else {
    body = (
      <>
        <div className="chosen-course">
          <CourseBadge
            name={coursePackage.name}
            icon={coursePackage.icon}
            color={coursePackage.color}
            size="lg"
          />
          <div className="chosen-course__text">
            <span className="chosen-course__label">{t('nav.course')}</span>
            <strong className="chosen-course__name">
              <ForeignText>{coursePackage.name}</ForeignText>
            </strong>
          </div>
          <ButtonLink to={paths.selectCourse} variant="ghost" size="sm">
            {t('onboarding.changeCourse')}
          </ButtonLink>
        </div>
        {selectCourse.isError ? <Alert>{errorText(selectCourse.error)}</Alert> : null}
        {coursePackage.programs.length === 0 ? (
          <Alert tone="info">{t('nav.noPrograms')}</Alert>
        ) : (
          <ul className="program-list">
            {coursePackage.programs.map((program) => {
              const busy = selectCourse.isPending && choosing === program.id;
              return (
                <li key={program.id}>
                  <button
                    type="button"
                    className="program-card"
                    aria-busy={busy || undefined}
                    disabled={selectCourse.isPending}
                    onClick={() => choose(program.id)}
                  >
                    <span className="program-card__text">
                      <span className="program-card__name">
                        <ForeignText>{program.name}</ForeignText>
                      </span>
                      {program.description ? (
                        <span className="program-card__description">{program.description}</span>
                      ) : null}
                    </span>
                    {busy ? (
                      <Spinner size="sm" label={t('common.loading')} />
                    ) : (
                      <ArrowForwardIcon className="icon-flip-rtl program-card__arrow" />
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </>
    );
  }

  return (
    <Page title={t('onboarding.selectProgram.title')} subtitle={t('onboarding.selectProgram.text')}>
      <OnboardingSteps current="program" />
      <Card padding="lg" className="onboarding-card">
        {body}
      </Card>
    </Page>
  );
}
