import { useTranslation } from 'react-i18next';
import { ExercisePicture } from '../../components/exercise-picture.tsx';
import { OptionList } from '../../components/option-list.tsx';
import { choiceOf, type ExerciseViewProps } from '../exercise-view.ts';

/**
 * Type 3: the title is the word; the learner picks the matching option. With a picture per option
 * (type3_images) the options are pictures; otherwise the word's picture heads written options.
 */
export function ChoosePictureByTranslation({
  exercise,
  draft,
  onDraftChange,
  locked,
  verdict,
  courseLanguage,
}: ExerciseViewProps<3>) {
  const { t } = useTranslation();
  const images = exercise.type3_images;
  const options = exercise.type3_translation.map((translation, index) =>
    images?.[index] ? (
      <span className="option__picture" key={index}>
        <ExercisePicture picture={images[index]} alt="" size="sm" />
        <span>{translation}</span>
      </span>
    ) : (
      translation
    ),
  );
  return (
    <div className="exercise">
      {images ? null : (
        <ExercisePicture picture={exercise.type3_image} alt={t('player.exercise.picture')} size="sm" />
      )}
      <OptionList
        options={options}
        selected={choiceOf(draft)}
        onSelect={(choice) => onDraftChange({ choice })}
        locked={locked}
        verdict={verdict}
        layout={images ? 'pictures' : 'list'}
        lang={courseLanguage}
      />
    </div>
  );
}
