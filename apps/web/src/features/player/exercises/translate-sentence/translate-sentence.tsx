import { wordChips } from '@parlo/core/exercises/translate-sentence/translate-sentence';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipBank } from '../../components/chip-bank.tsx';
import type { ExerciseViewProps } from '../exercise-view.ts';
import { foreignTextProps } from '../../../../lib/foreign-text.ts';

/** Type 9: build the translation of type9_sentence from word chips; tap a placed chip to take it back. */
export function TranslateSentence({
  exercise,
  onDraftChange,
  locked,
  verdict,
  courseLanguage,
}: ExerciseViewProps<9>) {
  const { t } = useTranslation();
  const chips = wordChips(exercise);
  // Chip positions, not words: the same word may be offered twice.
  const [placed, setPlaced] = useState<number[]>([]);

  const place = (next: number[]) => {
    setPlaced(next);
    onDraftChange(
      next.length > 0 ? { words: next.map((index) => chips[index] ?? '').filter(Boolean) } : undefined,
    );
  };

  return (
    <div className="exercise">
      <div className="sentence-card">
        <p className="sentence">{exercise.type9_sentence}</p>
      </div>
      <div
        className={`answer-line${verdict ? ` answer-line--${verdict}` : ''}`}
        role="group"
        aria-label={t('player.exercise.answerLine')}
        {...foreignTextProps(courseLanguage)}
      >
        {placed.length === 0 ? (
          <span className="answer-line__hint">{t('player.exercise.tapWords')}</span>
        ) : (
          placed.map((chipIndex, position) => (
            <button
              key={`${chipIndex}-${position}`}
              type="button"
              className="chip chip--placed"
              disabled={locked}
              onClick={() => place(placed.filter((_, at) => at !== position))}
            >
              {chips[chipIndex]}
            </button>
          ))
        )}
      </div>
      <ChipBank
        chips={chips}
        used={chips.map((_, index) => placed.includes(index))}
        onPick={(index) => place([...placed, index])}
        locked={locked}
        lang={courseLanguage}
      />
    </div>
  );
}
