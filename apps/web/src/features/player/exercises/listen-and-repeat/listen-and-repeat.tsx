import { normaliseSentence } from '@parlo/core/exercises/answer-text';
import { highlightedWords } from '@parlo/core/exercises/listen-and-repeat/listen-and-repeat';
import { AudioButton } from '../../components/audio-button.tsx';
import type { ExerciseViewProps } from '../exercise-view.ts';
import { foreignTextProps } from '../../../../lib/foreign-text.ts';

const bare = (word: string) => normaliseSentence(word).toLowerCase();

/** Type 7: the sentence with its highlighted words and recording; 'further' moves on. */
export function ListenAndRepeat({ exercise, courseLanguage }: ExerciseViewProps<7>) {
  const highlighted = new Set(highlightedWords(exercise).map(bare));
  const words = exercise.type7_sentence.split(/\s+/).filter(Boolean);
  return (
    <div className="exercise exercise--centred">
      <AudioButton phrase={exercise.type7_sentence} courseLanguage={courseLanguage} autoPlay size="lg" />
      <p className="sentence" {...foreignTextProps(courseLanguage)}>
        {words.map((word, index) => (
          <span key={index}>
            {index > 0 ? ' ' : null}
            {highlighted.has(bare(word)) ? <mark className="sentence__mark">{word}</mark> : word}
          </span>
        ))}
      </p>
      <p className="sentence__translation">{exercise.type7_translation}</p>
    </div>
  );
}
