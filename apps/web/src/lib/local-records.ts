/**
 * Names of the browser's local records (SPEC §3). Keeping them in one place lets logout (SPEC §4) wipe
 * everything except the records that belong to the device rather than to the account.
 */
export const localRecordKeys = {
  uiLanguage: 'ui-language',
  freeLessons: 'free-lessons',
  pushToken: 'push-token',
  /** Whether the last page load found a session: lets the first paint draw the header it will keep. */
  signedIn: 'signed-in',
} as const;

/** SPEC §4: logout keeps the interface language and the free-lesson counter. */
const keptOnLogout: ReadonlySet<string> = new Set([localRecordKeys.uiLanguage, localRecordKeys.freeLessons]);

export function clearLocalRecordsOnLogout(storage: Storage = window.localStorage): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
  for (const key of keys) {
    if (key !== null && !keptOnLogout.has(key)) storage.removeItem(key);
  }
}

/** Storage can be blocked (private mode, strict cookie settings); the app must keep working without it. */
export function readLocalRecord(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocalRecord(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the choice simply will not survive a reload.
  }
}

export function removeLocalRecord(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}
