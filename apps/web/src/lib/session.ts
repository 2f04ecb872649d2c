import { useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isApiError } from './api-client.ts';

// Only the fields the web app reads are checked; the rest passes through for later features.
const statisticsSchema = z
  .object({
    points: z.number(),
    words: z.number(),
    days: z.number(),
    daysContinuous: z.number(),
    rightAnswers: z.number(),
    errorCount: z.number(),
    weekActivity: z.array(z.boolean()),
  })
  .loose();

const settingsSchema = z.object({ id: z.number(), uiLanguage: z.string() }).loose();

const progressEntrySchema = z
  .object({ packageId: z.number(), languageId: z.number(), programId: z.number(), selected: z.boolean() })
  .loose();

export const userSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
    learnedPackageId: z.number().nullable(),
    spokenLanguageId: z.number().nullable(),
    statistics: statisticsSchema,
    settings: settingsSchema,
    learningProgress: z.object({ selected: z.array(progressEntrySchema) }).loose(),
  })
  .loose();

export type SessionUser = z.infer<typeof userSchema>;

export const sessionQueryKey = ['session'] as const;

/** GET /api/users/me: the user when signed in, null for a guest (401). Other failures stay errors. */
async function fetchSessionUser(signal: AbortSignal): Promise<SessionUser | null> {
  try {
    return await apiRequest('/api/users/me', { schema: userSchema, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/**
 * The SPA cannot read the httpOnly session cookie, so "am I signed in?" is this query. Login and register
 * put the returned user here; logout puts null.
 */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function setSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData(sessionQueryKey, user);
}
