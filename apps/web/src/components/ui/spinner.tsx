interface SpinnerProps {
  /** Read by screen readers; the spinning ring itself means nothing to them. */
  label: string;
  size?: 'sm' | 'md' | 'lg';
}

export function Spinner({ label, size = 'md' }: SpinnerProps) {
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A whole-page wait, centred, for route guards and lazy screens. */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="full-page-spinner">
      <Spinner label={label} size="lg" />
    </div>
  );
}
