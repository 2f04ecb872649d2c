import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon, InfoIcon } from './icons.tsx';

interface AlertProps {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  action?: ReactNode;
}

/** An inline message box. Errors interrupt (role=alert); other news waits its turn (role=status). */
export function Alert({ tone = 'error', children, action }: AlertProps) {
  const icon = tone === 'error' ? <AlertIcon /> : tone === 'success' ? <CheckIcon /> : <InfoIcon />;
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span className="alert__icon">{icon}</span>
      <div className="alert__body">{children}</div>
      {action ? <div className="alert__action">{action}</div> : null}
    </div>
  );
}
