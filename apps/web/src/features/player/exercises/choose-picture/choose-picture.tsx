import { useTranslation } from 'react-i18next';
import { ExercisePicture } from '../../components/exercise-picture.tsx';
import { OptionList } from '../../components/option-list.tsx';
import { choiceOf, type ExerciseViewProps } from '../exercise-view.ts';

/**
 * Type 4: "choose «word»" among pictures. Content without its pictures (type4_images) still gets one
 * numbered card per option, so the exercise stays answerable.
 */
export function ChoosePicture({ exercise, draft, onDraftChange, locked, verdict }: ExerciseViewProps<4>) {
  const { t } = useTranslation();
  const options = exercise.type4_isCorrect.map((_, index) => (
    <span className="option__picture" key={index}>
      <ExercisePicture
        picture={exercise.type4_images?.[index]}
        alt={t('player.exercise.pictureN', { n: index + 1 })}
        size="sm"
      />
    </span>
  ));
  return (
    <div className="exercise">
      <OptionList
        options={options}
        selected={choiceOf(draft)}
        onSelect={(choice) => onDraftChange({ choice })}
        locked={locked}
        verdict={verdict}
        layout="pictures"
      />
    </div>
  );
}
