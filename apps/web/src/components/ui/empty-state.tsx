import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon?: ReactNode;
  /** Optional when the surrounding card already names the subject. */
  title?: string;
  text?: ReactNode;
  actions?: ReactNode;
  tone?: 'brand' | 'accent' | 'success' | 'danger';
  /** h1 when the state is the whole screen (a result screen), h2 inside a larger page. */
  headingLevel?: 1 | 2;
}

/** A centred message with a picture-like icon: empty lists, finished lessons, screens with one job. */
export function EmptyState({
  icon,
  title,
  text,
  actions,
  tone = 'brand',
  headingLevel = 2,
}: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className={`empty-state empty-state--${tone}`}>
      {icon ? (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      {title ? <Heading className="empty-state__title">{title}</Heading> : null}
      {text ? <p className="empty-state__text">{text}</p> : null}
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
    </div>
  );
}
