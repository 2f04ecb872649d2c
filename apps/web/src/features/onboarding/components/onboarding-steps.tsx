import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/ui/icons.tsx';

const steps = ['course', 'program', 'level', 'reminders'] as const;
export type OnboardingStep = (typeof steps)[number];

/** Where the learner is in SPEC §4 'Course flow': course, program, level, reminders, then the dashboard. */
export function OnboardingSteps({ current }: { current: OnboardingStep }) {
  const { t } = useTranslation();
  const index = steps.indexOf(current);
  return (
    <div className="onboarding-steps">
      <p className="onboarding-steps__count">
        {t('onboarding.stepOf', { current: index + 1, total: steps.length })}
      </p>
      <ol className="onboarding-steps__list">
        {steps.map((step, position) => {
          const state = position < index ? 'done' : position === index ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={`onboarding-steps__step onboarding-steps__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="onboarding-steps__dot" aria-hidden="true">
                {state === 'done' ? <CheckIcon /> : position + 1}
              </span>
              <span className="onboarding-steps__label">{t(`onboarding.step.${step}`)}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
