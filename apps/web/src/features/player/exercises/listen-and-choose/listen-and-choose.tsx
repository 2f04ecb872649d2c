import { listenAndChooseOptions } from '@parlo/core/exercises/listen-and-choose/listen-and-choose';
import { AudioButton } from '../../components/audio-button.tsx';
import { OptionList } from '../../components/option-list.tsx';
import { choiceOf, type ExerciseViewProps } from '../exercise-view.ts';

/** Type 6: hear the phrase, pick its meaning from the options of type6_translation. */
export function ListenAndChoose({
  exercise,
  draft,
  onDraftChange,
  locked,
  verdict,
  courseLanguage,
}: ExerciseViewProps<6>) {
  return (
    <div className="exercise">
      <div className="exercise__listen">
        <AudioButton phrase={exercise.type6_word} courseLanguage={courseLanguage} autoPlay size="lg" />
      </div>
      <OptionList
        options={listenAndChooseOptions(exercise)}
        selected={choiceOf(draft)}
        onSelect={(choice) => onDraftChange({ choice })}
        locked={locked}
        verdict={verdict}
      />
    </div>
  );
}
