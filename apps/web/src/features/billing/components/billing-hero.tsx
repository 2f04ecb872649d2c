import type { ReactNode } from 'react';

/** The top of /limit and /offer: an icon, a title and a line of text on the brand gradient. */
export function BillingHero({
  icon,
  accent = false,
  eyebrow,
  title,
  text,
}: {
  icon: ReactNode;
  accent?: boolean;
  eyebrow?: string;
  title: string;
  text: string;
}) {
  return (
    <div className="billing-hero">
      <span className={`billing-hero__icon${accent ? ' billing-hero__icon--accent' : ''}`} aria-hidden="true">
        {icon}
      </span>
      {eyebrow ? <p className="billing-hero__eyebrow">{eyebrow}</p> : null}
      <h1 className="billing-hero__title">{title}</h1>
      <p className="billing-hero__text">{text}</p>
    </div>
  );
}
