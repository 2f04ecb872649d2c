import { OptionList } from '../../components/option-list.tsx';
import { choiceOf, type ExerciseViewProps } from '../exercise-view.ts';
import { foreignTextProps } from '../../../../lib/foreign-text.ts';

/** Type 12: the sentence, and its correct translation to pick. */
export function ChooseCorrectTranslation({
  exercise,
  draft,
  onDraftChange,
  locked,
  verdict,
  courseLanguage,
}: ExerciseViewProps<12>) {
  return (
    <div className="exercise">
      <div className="sentence-card">
        <p className="sentence" {...foreignTextProps(courseLanguage)}>
          {exercise.type12_sentence}
        </p>
      </div>
      <OptionList
        options={exercise.type12_translation}
        selected={choiceOf(draft)}
        onSelect={(choice) => onDraftChange({ choice })}
        locked={locked}
        verdict={verdict}
      />
    </div>
  );
}
