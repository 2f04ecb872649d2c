import './onboarding.css';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { BoltIcon } from '../../../components/ui/icons.tsx';
import { BookIcon } from '../../../components/ui/more-icons.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useSession } from '../../../lib/session.ts';
import { useChooseLevel, type SkillLevel } from '../api/choose-level.ts';
import { OnboardingSteps } from './onboarding-steps.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * SPEC §2 /select-level: 'I know the basics' or 'start from the beginning', for the program chosen on
 * /select-program (navigation state) or else the learner's selected program.
 */
export function SelectLevelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const chooseLevel = useChooseLevel();
  const errorText = useErrorMessage();
  const [chosen, setChosen] = useState<SkillLevel | null>(null);
  const stateProgramId = (location.state as { programId?: unknown } | null)?.programId;
  const programId =
    typeof stateProgramId === 'number'
      ? stateProgramId
      : session.data?.learningProgress.selected.find((entry) => entry.selected)?.programId;

  const choose = (level: SkillLevel) => {
    if (programId === undefined) return;
    setChosen(level);
    chooseLevel.mutate(
      { programId, level },
      { onSuccess: () => void navigate(paths.selectReminders, { state: { onboarding: true } }) },
    );
  };

  const option = (level: SkillLevel, icon: ReactNode, accent: boolean) => {
    const busy = chooseLevel.isPending && chosen === level;
    return (
      <button
        type="button"
        className="level-choice"
        aria-busy={busy || undefined}
        disabled={chooseLevel.isPending}
        onClick={() => choose(level)}
      >
        <span
          className={`level-choice__icon${accent ? ' level-choice__icon--accent' : ''}`}
          aria-hidden="true"
        >
          {busy ? <Spinner size="sm" label="" /> : icon}
        </span>
        <span className="level-choice__title">{t(`onboarding.selectLevel.${level}`)}</span>
        <span className="level-choice__text">{t(`onboarding.selectLevel.${level}Text`)}</span>
      </button>
    );
  };

  return (
    <Page title={t('onboarding.selectLevel.title')} subtitle={t('onboarding.selectLevel.text')}>
      <OnboardingSteps current="level" />
      {programId === undefined ? (
        <Alert
          tone="info"
          action={
            <ButtonLink to={paths.selectCourse} size="sm" variant="secondary">
              {t('dashboard.chooseCourse')}
            </ButtonLink>
          }
        >
          {t('onboarding.chooseProgramFirst')}
        </Alert>
      ) : (
        <div className="onboarding-stack">
          {chooseLevel.isError ? <Alert>{errorText(chooseLevel.error)}</Alert> : null}
          <div className="level-choices">
            {option('beginning', <BookIcon />, false)}
            {option('basics', <BoltIcon />, true)}
          </div>
        </div>
      )}
    </Page>
  );
}
