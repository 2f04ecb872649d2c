import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { foreignTextProps } from '../../../lib/foreign-text.ts';
import { useNumberKeys } from '../hooks/use-number-keys.ts';

interface OptionListProps {
  options: readonly ReactNode[];
  selected: number | undefined;
  onSelect: (index: number) => void;
  locked: boolean;
  verdict: 'right' | 'wrong' | undefined;
  layout?: 'list' | 'grid' | 'pictures';
  /** The language of the option texts, when it is the course's. */
  lang?: string;
}

/**
 * The answers of a choice exercise (types 3–6, 8, 12): one pressed at a time, numbered so keys 1–9 pick
 * them. After the check the chosen one turns green or red.
 */
export function OptionList({
  options,
  selected,
  onSelect,
  locked,
  verdict,
  layout = 'list',
  lang,
}: OptionListProps) {
  const { t } = useTranslation();
  useNumberKeys(options.length, onSelect, !locked);
  return (
    <ul className={`options options--${layout}`} aria-label={t('player.exercise.options')}>
      {options.map((label, index) => {
        const chosen = selected === index;
        const state = chosen && verdict ? ` option--${verdict}` : chosen ? ' option--selected' : '';
        return (
          <li key={index}>
            <button
              type="button"
              className={`option${state}`}
              aria-pressed={chosen}
              disabled={locked && !chosen}
              onClick={() => {
                if (!locked) onSelect(index);
              }}
            >
              <span className="option__key" aria-hidden="true">
                {index + 1}
              </span>
              <span className="option__label" {...foreignTextProps(lang)}>
                {label}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
