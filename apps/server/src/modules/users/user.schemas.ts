import { interfaceLanguages } from '@parlo/core/i18n/interface-languages';
import { z } from 'zod';

export const statisticsSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  points: z.number().int(),
  words: z.number().int(),
  days: z.number().int(),
  daysContinuous: z.number().int(),
  rightAnswers: z.number().int(),
  errorCount: z.number().int(),
  weekActivity: z.array(z.boolean()).length(7),
  timestamp: z.number().int(),
});

const weekFlags = z.array(z.boolean()).length(7);

export const settingsSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  timestamp: z.number().int(),
  pushToken: z.string().nullable(),
  uiLanguage: z.enum(interfaceLanguages),
  zoneOffset: z.number().int(),
  microphone: z.boolean(),
  voiceGuidance: z.boolean(),
  soundEffects: z.boolean(),
  motivationNotification: z.boolean(),
  notificationDays: weekFlags,
  notificationTime: z.number().int(),
});

/** The fields a client may replace; ids and the user stay the server's. */
export const settingsChangeSchema = z
  .object({
    pushToken: z.string().max(4096).nullable(),
    uiLanguage: z.enum(interfaceLanguages),
    zoneOffset: z
      .number()
      .int()
      .min(-14 * 60)
      .max(14 * 60),
    microphone: z.boolean(),
    voiceGuidance: z.boolean(),
    soundEffects: z.boolean(),
    motivationNotification: z.boolean(),
    notificationDays: weekFlags,
    notificationTime: z
      .number()
      .int()
      .min(0)
      .max(24 * 60 - 1),
  })
  .partial();

export const progressEntrySchema = z
  .object({
    packageId: z.number().int(),
    languageId: z.number().int(),
    programId: z.number().int(),
    topicId: z.number().int().nullable(),
    lessonId: z.number().int().nullable(),
    selected: z.boolean(),
    finished: z.boolean(),
  })
  .loose();

export const learningProgressSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  timestamp: z.number().int(),
  selected: z.array(progressEntrySchema),
});

export const userSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    age: z.number().int(),
    email: z.string(),
    avatar: z.string().nullable(),
    subscriptionId: z.string().nullable(),
    network: z.string().nullable(),
    skillLevel: z.string().nullable(),
    learnedPackageId: z.number().int().nullable(),
    spokenLanguageId: z.number().int().nullable(),
    statistics: statisticsSchema,
    settings: settingsSchema,
    learningProgress: learningProgressSchema,
  })
  .meta({ id: 'User' });

export type PublicUser = z.infer<typeof userSchema>;

export const sessionResponseSchema = z.object({ accessToken: z.string(), user: userSchema });
