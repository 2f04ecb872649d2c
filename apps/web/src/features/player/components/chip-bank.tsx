import { useTranslation } from 'react-i18next';
import { foreignTextProps } from '../../../lib/foreign-text.ts';
import { useNumberKeys } from '../hooks/use-number-keys.ts';

interface ChipBankProps {
  chips: readonly string[];
  /** Chips already placed leave an empty slot behind, so the others do not jump around. */
  used: readonly boolean[];
  onPick: (index: number) => void;
  locked: boolean;
  lang?: string;
}

/** The word chips of types 9 and 10; a tap (or number key) moves one to the answer. */
export function ChipBank({ chips, used, onPick, locked, lang }: ChipBankProps) {
  const { t } = useTranslation();
  useNumberKeys(
    chips.length,
    (index) => {
      if (!used[index]) onPick(index);
    },
    !locked,
  );
  return (
    <ul className="chip-bank" aria-label={t('player.exercise.wordBank')} {...foreignTextProps(lang)}>
      {chips.map((chip, index) => (
        <li key={index} className="chip-bank__slot">
          {used[index] ? (
            <span className="chip chip--placeholder" aria-hidden="true">
              {chip}
            </span>
          ) : (
            <button type="button" className="chip" disabled={locked} onClick={() => onPick(index)}>
              {chip}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
