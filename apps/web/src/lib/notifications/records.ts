/**
 * SPEC §2: the bell's badge is the number of notifications minus the number already read. Both counts come
 * from the server; a read count above the total (a notification pruned since) never makes it negative.
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
