import { Fragment } from 'react';
import { OptionList } from '../../components/option-list.tsx';
import { choiceOf, type ExerciseViewProps } from '../exercise-view.ts';
import { foreignTextProps } from '../../../../lib/foreign-text.ts';

const BLANK = /_{2,}/;

/** Type 8: the sentence with a blank; the chosen answer fills it. */
export function ChooseMissingWord({
  exercise,
  draft,
  onDraftChange,
  locked,
  verdict,
  courseLanguage,
}: ExerciseViewProps<8>) {
  const choice = choiceOf(draft);
  const chosen = choice === undefined ? undefined : exercise.type8_answer[choice];
  const parts = exercise.type8_sentence.split(BLANK);
  return (
    <div className="exercise">
      <div className="sentence-card">
        <p className="sentence" {...foreignTextProps(courseLanguage)}>
          {parts.map((part, index) => (
            <Fragment key={index}>
              {index > 0 ? (
                <span
                  className={`blank${chosen ? ' blank--filled' : ''}${verdict ? ` blank--${verdict}` : ''}`}
                >
                  {chosen ?? '\u00a0'}
                </span>
              ) : null}
              {part}
            </Fragment>
          ))}
        </p>
        <p className="sentence__translation">{exercise.type8_translation}</p>
      </div>
      <OptionList
        options={exercise.type8_answer}
        selected={choice}
        onSelect={(index) => onDraftChange({ choice: index })}
        locked={locked}
        verdict={verdict}
        layout="grid"
        lang={courseLanguage}
      />
    </div>
  );
}
