/** The Parlo mark: a speech bubble, because the point of learning a language is to talk. */
export function Logo({ label }: { label?: string }) {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="var(--color-brand)" />
        <path
          d="M9 10.5h14a2.5 2.5 0 0 1 2.5 2.5v6a2.5 2.5 0 0 1-2.5 2.5h-7l-4.5 3.5v-3.5H9A2.5 2.5 0 0 1 6.5 19v-6A2.5 2.5 0 0 1 9 10.5Z"
          fill="#fff"
        />
        <circle cx="12" cy="16" r="1.6" fill="var(--color-brand)" />
        <circle cx="16" cy="16" r="1.6" fill="var(--color-brand)" />
        <circle cx="20" cy="16" r="1.6" fill="var(--color-accent)" />
      </svg>
      <span className="logo__word">{label ?? 'Parlo'}</span>
    </span>
  );
}
