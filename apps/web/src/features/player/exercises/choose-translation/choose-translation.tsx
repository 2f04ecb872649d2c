import { OptionList } from '../../components/option-list.tsx';
import { choiceOf, type ExerciseViewProps } from '../exercise-view.ts';

/** Type 5: "choose «word»" among written translations. */
export function ChooseTranslation({ exercise, draft, onDraftChange, locked, verdict }: ExerciseViewProps<5>) {
  return (
    <div className="exercise">
      <OptionList
        options={exercise.type5_translation}
        selected={choiceOf(draft)}
        onSelect={(choice) => onDraftChange({ choice })}
        locked={locked}
        verdict={verdict}
      />
    </div>
  );
}
