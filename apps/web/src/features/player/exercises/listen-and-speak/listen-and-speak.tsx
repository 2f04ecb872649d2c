import { AudioButton } from '../../components/audio-button.tsx';
import { ExercisePicture } from '../../components/exercise-picture.tsx';
import type { ExerciseViewProps } from '../exercise-view.ts';

/** Type 1: the picture and the new word with its recording; 'further' moves on. */
export function ListenAndSpeak({ exercise, courseLanguage }: ExerciseViewProps<1>) {
  return (
    <div className="exercise exercise--centred">
      <ExercisePicture picture={exercise.type1_image} alt={exercise.type1_word} size="lg" />
      <div className="word-card">
        <p className="word-card__word" lang={courseLanguage}>
          {exercise.type1_word}
        </p>
        {exercise.type1_translation ? (
          <p className="word-card__translation">{exercise.type1_translation}</p>
        ) : null}
      </div>
      <AudioButton phrase={exercise.type1_word} courseLanguage={courseLanguage} autoPlay size="lg" />
    </div>
  );
}
