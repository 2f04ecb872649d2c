import { acceptedAnswers } from '@parlo/core/exercises/free-text-translation/free-text-translation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAnswer } from '../../components/text-answer.tsx';
import { ForeignText } from '../../../../components/ui/foreign-text.tsx';
import type { ExerciseViewProps } from '../exercise-view.ts';

/**
 * Type 11: the question is the title; the learner types a translation into their own language, so the
 * input takes the direction of what is typed. Help shows an accepted answer.
 */
export function FreeTextTranslation({
  exercise,
  draft,
  onDraftChange,
  locked,
  verdict,
}: ExerciseViewProps<11>) {
  const { t } = useTranslation();
  const [helpShown, setHelpShown] = useState(false);
  const answer = acceptedAnswers(exercise)[0];
  return (
    <div className="exercise">
      <TextAnswer
        label={t('player.exercise.typeTranslation')}
        draft={draft}
        onDraftChange={onDraftChange}
        locked={locked}
        verdict={verdict}
      />
      <div className="help">
        {helpShown && answer ? (
          <p className="help__text" role="status">
            <span className="help__label">{t('player.exercise.possibleAnswer')}</span>{' '}
            <ForeignText>{answer}</ForeignText>
          </p>
        ) : (
          <button type="button" className="link-button" onClick={() => setHelpShown(true)} disabled={locked}>
            {t('player.exercise.help')}
          </button>
        )}
      </div>
    </div>
  );
}
