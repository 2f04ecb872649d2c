import type { HTMLAttributes } from 'react';

interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'section' | 'article' | 'div' | 'aside' | 'nav';
  padding?: 'md' | 'lg';
}

export function Card({ as: Tag = 'div', padding = 'md', className, ...props }: CardProps) {
  return (
    <Tag className={['card', `card--${padding}`, className ?? ''].filter(Boolean).join(' ')} {...props} />
  );
}
