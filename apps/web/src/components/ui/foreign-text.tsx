import type { ReactNode } from 'react';
import { foreignTextProps } from '../../lib/foreign-text.ts';

/**
 * A run of text inside a sentence of the interface that may be in another language (a right answer, a
 * word, a notification, a course's name for a topic or lesson, a learner's name): a <bdi> with that
 * language's direction, or 'auto' when the language is not known, so the interface's direction never
 * reorders it (issue 29: "?How are you" in Arabic).
 */
export function ForeignText({
  lang,
  className,
  children,
}: {
  lang?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <bdi className={className} {...foreignTextProps(lang)}>
      {children}
    </bdi>
  );
}
