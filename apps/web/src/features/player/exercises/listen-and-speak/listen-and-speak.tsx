import { withGender } from '@parlo/core/exercises/noun-gender';
import { AudioButton } from '../../components/audio-button.tsx';
import { ExercisePicture } from '../../components/exercise-picture.tsx';
import type { ExerciseViewProps } from '../exercise-view.ts';
import { foreignTextProps } from '../../../../lib/foreign-text.ts';

/**
 * Type 1: the picture and the new word with its recording; 'further' moves on. A noun whose article hides
 * its gender shows it after the word ("l'heure (f.)"); the recording says the word alone.
 */
export function ListenAndSpeak({ exercise, courseLanguage }: ExerciseViewProps<1>) {
  return (
    <div className="exercise exercise--centred">
      <ExercisePicture picture={exercise.type1_image} alt={exercise.type1_word} size="lg" />
      <div className="word-card">
        <p className="word-card__word" {...foreignTextProps(courseLanguage)}>
          {withGender(exercise.type1_word, exercise.type1_gender)}
        </p>
        {exercise.type1_translation ? (
          <p className="word-card__translation">{exercise.type1_translation}</p>
        ) : null}
      </div>
      <AudioButton phrase={exercise.type1_word} courseLanguage={courseLanguage} autoPlay size="lg" />
    </div>
  );
}
