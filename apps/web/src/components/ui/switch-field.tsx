import './switch-field.css';
import { useId, type ReactNode } from 'react';

interface SwitchFieldProps {
  label: string;
  hint?: string;
  icon?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting: a native checkbox with the switch role, so keyboards and screen readers know it. */
export function SwitchField({ label, hint, icon, checked, disabled, onChange }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="switch-field surface-row">
      {icon ? (
        <span className="switch-field__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className="switch-field__text">
        <label className="switch-field__label" htmlFor={id}>
          {label}
        </label>
        {hint ? (
          <span className="switch-field__hint" id={`${id}-hint`}>
            {hint}
          </span>
        ) : null}
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
