import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AudioButton } from '../../components/audio-button.tsx';
import { TextAnswer } from '../../components/text-answer.tsx';
import { ForeignText } from '../../../../components/ui/foreign-text.tsx';
import type { ExerciseViewProps } from '../exercise-view.ts';

/** Type 13: hear it, type it. Help reveals the phrase one word at a time. */
export function WriteWhatYouHear({
  exercise,
  draft,
  onDraftChange,
  locked,
  verdict,
  courseLanguage,
}: ExerciseViewProps<13>) {
  const { t } = useTranslation();
  const words = (exercise.type13_correct_answers[0] ?? exercise.type13_word_or_phrase).split(/\s+/);
  const [revealed, setRevealed] = useState(0);
  return (
    <div className="exercise">
      <div className="exercise__listen">
        <AudioButton
          phrase={exercise.type13_word_or_phrase}
          courseLanguage={courseLanguage}
          autoPlay
          size="lg"
        />
        {exercise.type13_translation ? (
          <p className="sentence__translation">{exercise.type13_translation}</p>
        ) : null}
      </div>
      <TextAnswer
        label={t('player.exercise.typeWhatYouHear')}
        draft={draft}
        onDraftChange={onDraftChange}
        locked={locked}
        verdict={verdict}
        lang={courseLanguage}
      />
      <div className="help">
        {revealed > 0 ? (
          <p className="help__text" role="status">
            <span className="help__label">{t('player.exercise.hint')}</span>{' '}
            <ForeignText lang={courseLanguage}>
              {words.slice(0, revealed).join(' ')}
              {revealed < words.length ? ' …' : ''}
            </ForeignText>
          </p>
        ) : null}
        {revealed < words.length ? (
          <button
            type="button"
            className="link-button"
            disabled={locked}
            onClick={() => setRevealed((count) => count + 1)}
          >
            {revealed === 0 ? t('player.exercise.help') : t('player.exercise.nextWord')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
