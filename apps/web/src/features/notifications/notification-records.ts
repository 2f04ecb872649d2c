/** SPEC §3 local record 'notifications': messages kept on this device. */
export interface LocalNotification {
  id: string;
  content: string;
  /** Epoch seconds. */
  timestamp: number;
}

/**
 * SPEC §2: the bell's badge is the number of notifications minus the number already read. The read count
 * is a stored number that can outlive the list (cleared, edited by hand), so it never makes the badge
 * negative or fractional.
 */
export function unreadCount(totalNotifications: number, readCount: number): number {
  const total = Number.isFinite(totalNotifications) ? Math.max(0, Math.floor(totalNotifications)) : 0;
  const read = Number.isFinite(readCount) ? Math.max(0, Math.floor(readCount)) : 0;
  return Math.max(0, total - read);
}

/** Badge text: large counts are capped so the badge stays a dot-sized circle. */
export function badgeLabel(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}

function isNotification(value: unknown): value is LocalNotification {
  const candidate = value as Partial<LocalNotification> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    (typeof candidate.id === 'string' || typeof candidate.id === 'number') &&
    typeof candidate.content === 'string'
  );
}

/** Reads the stored list, ignoring anything that is not a notification rather than failing. */
export function parseNotifications(raw: string | null): LocalNotification[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isNotification).map((item) => ({
      id: String(item.id),
      content: item.content,
      timestamp: typeof item.timestamp === 'number' ? item.timestamp : 0,
    }));
  } catch {
    return [];
  }
}

export function parseReadCount(raw: string | null): number {
  const value = Number(raw ?? 0);
  return Number.isFinite(value) ? value : 0;
}
