import { useTranslation } from 'react-i18next';
import { ExercisePicture } from '../../components/exercise-picture.tsx';
import type { ExerciseViewProps } from '../exercise-view.ts';
import { foreignTextProps } from '../../../../lib/foreign-text.ts';

/** Type 2: is the shown translation right? The footer's 'right' / 'not properly' answer it. */
export function IsTranslationCorrect({ exercise, courseLanguage }: ExerciseViewProps<2>) {
  const { t } = useTranslation();
  return (
    <div className="exercise exercise--centred">
      {exercise.type2_image ? (
        <ExercisePicture picture={exercise.type2_image} alt={exercise.type2_word ?? ''} />
      ) : null}
      <div className="word-card">
        {exercise.type2_word ? (
          <p className="word-card__word" {...foreignTextProps(courseLanguage)}>
            {exercise.type2_word}
          </p>
        ) : null}
        <p className="word-card__label">{t('player.exercise.translation')}</p>
        <p className="word-card__shown">{exercise.type2_translation}</p>
      </div>
    </div>
  );
}
