import './auth.css';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Drawn above the title, e.g. the registration step indicator. */
  top?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

/** The account screens share one calm, centred card so the form is the only thing to look at. */
export function AuthCard({ title, subtitle, top, footer, children }: AuthCardProps) {
  return (
    <Page title={title} width="narrow" hideHeading>
      <div className="auth">
        <Card as="section" padding="lg" className="auth__card" aria-labelledby="auth-title">
          {top}
          <h1 className="auth__title" id="auth-title">
            {title}
          </h1>
          {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
          {children}
        </Card>
        {footer ? <div className="auth__footer">{footer}</div> : null}
      </div>
    </Page>
  );
}
