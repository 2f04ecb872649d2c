import { blankOptions } from '@parlo/core/exercises/fill-in-blanks/fill-in-blanks';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipBank } from '../../components/chip-bank.tsx';
import type { ExerciseViewProps } from '../exercise-view.ts';
import { blankSentence, filledWords } from './blanks.ts';
import { foreignTextProps } from '../../../../lib/foreign-text.ts';

/** Type 10: chips fill the blanks of the sentence in order; tap a filled blank to empty it. */
export function FillInBlanks({
  exercise,
  onDraftChange,
  locked,
  verdict,
  courseLanguage,
}: ExerciseViewProps<10>) {
  const { t } = useTranslation();
  const chips = blankOptions(exercise);
  const sentence = blankSentence(exercise);
  // For each blank, the chip position in it.
  const [filled, setFilled] = useState<(number | undefined)[]>(() => sentence.blanks.map(() => undefined));

  const fill = (next: (number | undefined)[]) => {
    setFilled(next);
    const words = filledWords(
      sentence,
      next.map((chip) => (chip === undefined ? undefined : chips[chip])),
    );
    onDraftChange(words ? { words } : undefined);
  };

  const pick = (chip: number) => {
    const empty = filled.indexOf(undefined);
    if (empty === -1) return;
    fill(filled.map((current, blank) => (blank === empty ? chip : current)));
  };

  return (
    <div className="exercise">
      <div className="sentence-card">
        <p className="sentence sentence--blanks" {...foreignTextProps(courseLanguage)}>
          {sentence.tokens.map((token, index) => {
            const blank = sentence.blanks.indexOf(index);
            if (blank === -1) return <Fragment key={index}>{`${index > 0 ? ' ' : ''}${token}`}</Fragment>;
            const chip = filled[blank];
            return (
              <Fragment key={index}>
                {index > 0 ? ' ' : null}
                <button
                  type="button"
                  className={`blank blank--button${chip === undefined ? '' : ' blank--filled'}${verdict ? ` blank--${verdict}` : ''}`}
                  disabled={locked || chip === undefined}
                  aria-label={
                    chip === undefined
                      ? t('player.exercise.emptyBlank', { n: blank + 1 })
                      : t('player.exercise.filledBlank', { n: blank + 1, word: chips[chip] })
                  }
                  onClick={() => fill(filled.map((current, at) => (at === blank ? undefined : current)))}
                >
                  {chip === undefined ? '\u00a0' : chips[chip]}
                </button>
              </Fragment>
            );
          })}
        </p>
        <p className="sentence__translation">{exercise.type10_translation}</p>
      </div>
      <ChipBank
        chips={chips}
        used={chips.map((_, index) => filled.includes(index))}
        onPick={pick}
        locked={locked}
        lang={courseLanguage}
      />
    </div>
  );
}
