import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { foreignTextProps } from '../../../lib/foreign-text.ts';
import { textDraft, textOf } from '../exercises/exercise-view.ts';
import type { AnswerEnvelope } from '@parlo/core/exercises/registry';

interface TextAnswerProps {
  label: string;
  draft: AnswerEnvelope | undefined;
  onDraftChange: (draft: AnswerEnvelope | undefined) => void;
  locked: boolean;
  verdict: 'right' | 'wrong' | undefined;
  lang?: string;
}

/** The typed answer of types 11 and 13; Enter verifies (the player listens for it). */
export function TextAnswer({ label, draft, onDraftChange, locked, verdict, lang }: TextAnswerProps) {
  const id = useId();
  const { t } = useTranslation();
  const [value, setValue] = useState(textOf(draft));
  return (
    <div className="field text-answer">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`input text-answer__input${verdict ? ` text-answer__input--${verdict}` : ''}`}
        type="text"
        {...foreignTextProps(lang)}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        placeholder={t('player.exercise.typeHere')}
        value={value}
        readOnly={locked}
        onChange={(event) => {
          setValue(event.target.value);
          onDraftChange(textDraft(event.target.value));
        }}
      />
    </div>
  );
}
