/** An epoch-seconds date as the learner reads dates in their interface language, e.g. '24 December 2026'. */
export function formatDay(epochSeconds: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(epochSeconds * 1000),
  );
}
