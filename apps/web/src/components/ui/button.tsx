import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Spinner } from './spinner.tsx';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent';
type Size = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: Variant;
  size?: Size;
  fullWidth?: boolean;
}

function buttonClass({ variant = 'primary', size = 'md', fullWidth }: StyleProps, extra?: string): string {
  return ['button', `button--${variant}`, `button--${size}`, fullWidth ? 'button--full' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner and ignores clicks while a request runs; the label stays so the width holds. */
  loading?: boolean;
  loadingLabel?: string;
  icon?: ReactNode;
  /** Icons that point onwards ('next') sit after the label. */
  iconEnd?: ReactNode;
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  loadingLabel,
  icon,
  iconEnd,
  className,
  children,
  type = 'button',
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, fullWidth }, className)}
      aria-busy={loading || undefined}
      onClick={(event) => {
        // aria-disabled keeps the button focusable (it can explain itself), so clicks are stopped here.
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    >
      {loading ? <Spinner size="sm" label={loadingLabel ?? ''} /> : icon}
      <span className="button__label">{children}</span>
      {loading ? null : iconEnd}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps, StyleProps {
  icon?: ReactNode;
}

/** A link that looks like a button: navigation stays a link for the browser and screen readers. */
export function ButtonLink({
  variant,
  size,
  fullWidth,
  icon,
  className,
  children,
  ...props
}: ButtonLinkProps) {
  return (
    <Link className={buttonClass({ variant, size, fullWidth }, className)} {...props}>
      {icon}
      <span className="button__label">{children}</span>
    </Link>
  );
}
