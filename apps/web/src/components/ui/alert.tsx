import { useEffect, useRef, type ReactNode } from 'react';
import { AlertIcon, CheckIcon, InfoIcon } from './icons.tsx';

interface AlertProps {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  action?: ReactNode;
  /**
   * The news answers something that happened away from where the learner looks (back from a sign-in
   * provider, a button lower down): the message scrolls itself into view when it appears.
   */
  reveal?: boolean;
}

/** An inline message box. Errors interrupt (role=alert); other news waits its turn (role=status). */
export function Alert({ tone = 'error', children, action, reveal = false }: AlertProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal) box.current?.scrollIntoView({ block: 'center' });
  }, [reveal]);
  const icon = tone === 'error' ? <AlertIcon /> : tone === 'success' ? <CheckIcon /> : <InfoIcon />;
  return (
    <div ref={box} className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span className="alert__icon">{icon}</span>
      <div className="alert__body">{children}</div>
      {action ? <div className="alert__action">{action}</div> : null}
    </div>
  );
}
