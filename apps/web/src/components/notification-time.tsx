import { useTranslation } from 'react-i18next';

// One formatter per interface language, made when a notification is first shown: making one is costlier
// than the rest of the header's render, which the dashboard's first load pays for (the bell has no list
// until opened).
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(language: string): Intl.DateTimeFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(language, format);
  }
  return format;
}

/** When a notification arrived (`timestamp` in seconds), in the interface language. */
export function NotificationTime({ timestamp, className }: { timestamp: number; className: string }) {
  const { i18n } = useTranslation();
  const at = timestamp * 1000;
  return (
    <time className={className} dateTime={new Date(at).toISOString()}>
      {formatFor(i18n.language).format(at)}
    </time>
  );
}
