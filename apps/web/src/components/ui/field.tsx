import { cloneElement, useId, type ReactElement } from 'react';
import { AlertIcon } from './icons.tsx';

export interface FieldControlProps {
  id?: string;
  invalid?: boolean;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: string;
  /** Shown under the control and announced; replaces the hint while present. */
  error?: string | null;
  hint?: string;
  children: ReactElement<FieldControlProps>;
}

/** Label, control, hint and error wired together so assistive technology reads them as one. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error || hint;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, {
        id,
        invalid: Boolean(error),
        'aria-describedby': message ? messageId : undefined,
      })}
      {error ? (
        <p className="field__error" id={messageId} role="alert">
          <AlertIcon />
          <span>{error}</span>
        </p>
      ) : hint ? (
        <p className="field__hint" id={messageId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
