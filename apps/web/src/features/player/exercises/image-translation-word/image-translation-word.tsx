import { useTranslation } from 'react-i18next';
import { ExercisePicture } from '../../components/exercise-picture.tsx';
import type { ExerciseViewProps } from '../exercise-view.ts';
import { foreignTextProps } from '../../../../lib/foreign-text.ts';

/** Type 15: a picture, a word and a translation; the footer's 'right' / 'not properly' answer it. */
export function ImageTranslationWord({ exercise, courseLanguage }: ExerciseViewProps<15>) {
  const { t } = useTranslation();
  return (
    <div className="exercise exercise--centred">
      <ExercisePicture picture={exercise.type15_image} alt={t('player.exercise.picture')} size="lg" />
      <div className="word-card">
        <p className="word-card__word" {...foreignTextProps(courseLanguage)}>
          {exercise.type15_word}
        </p>
        <p className="word-card__label">{t('player.exercise.translation')}</p>
        <p className="word-card__shown">{exercise.type15_translation}</p>
      </div>
    </div>
  );
}
