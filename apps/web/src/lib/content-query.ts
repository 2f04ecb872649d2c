/*
 * Which cached answers are course content, the same for everyone. A module of its own, importing nothing:
 * signing in is in the first download, and the catalogue's contract (lib/catalogue.ts) is not.
 */

/** The course list's query (GET /api/courses). */
export const courseListQueryKey = ['courses'] as const;

/** Course content: kept across sign-in and sign-out and not refetched when learning changes. */
export function isContentQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === courseListQueryKey[0];
}
