import type { ReactNode } from 'react';
import { Card } from './card.tsx';
import { EmptyState } from './empty-state.tsx';
import { Page } from './page.tsx';

interface ScreenProps {
  title: string;
  text?: ReactNode;
  icon?: ReactNode;
  tone?: 'brand' | 'accent' | 'success' | 'danger';
  actions?: ReactNode;
  children?: ReactNode;
  /** A short celebration (or a gentle shake for a failure) on arrival; still for reduced motion. */
  motion?: 'celebrate' | 'shake';
}

/** A one-job screen (result, offer, limit): a single centred card whose heading is the page's. */
export function Screen({ title, text, icon, tone, actions, children, motion }: ScreenProps) {
  return (
    <Page title={title} width="narrow" hideHeading>
      <Card padding="lg" className={motion ? `screen screen--${motion}` : 'screen'}>
        <EmptyState headingLevel={1} title={title} text={text} icon={icon} tone={tone} actions={actions} />
        {children}
      </Card>
    </Page>
  );
}
