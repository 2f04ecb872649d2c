import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title.ts';

interface PageProps {
  /** Shown as the heading and in the browser tab. */
  title: string;
  subtitle?: ReactNode;
  width?: 'narrow' | 'medium' | 'wide';
  /** Hides the visible heading when the page draws its own (the browser tab still gets the title). */
  hideHeading?: boolean;
  children?: ReactNode;
}

export function Page({ title, subtitle, width = 'medium', hideHeading = false, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={`page page--${width}`}>
      {hideHeading ? null : (
        <header className="page__header">
          <h1 className="page__title">{title}</h1>
          {subtitle ? <p className="page__subtitle">{subtitle}</p> : null}
        </header>
      )}
      {children}
    </div>
  );
}
