import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { phraseVoices } from '@parlo/core/audio/device-voice';

/*
 * One schema for PGlite and PostgreSQL. Only PostgreSQL 15 features: the same migrations run on both.
 * Catalogue rows (languages … exercises) are written by the content importer; learner rows by the API.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const epochSeconds = (name: string) => bigint(name, { mode: 'number' });

// ---- Catalogue -------------------------------------------------------------------------------------

/** The language a learner speaks (SPEC §3 Language); its packages are the courses offered to them. */
export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  icon: text('icon'),
  order: integer('order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  /** Stable key from the course sources (content importer); null for rows created otherwise. */
  sourceKey: text('source_key').unique(),
});

/** A course: one target language offered to the speakers of one language. */
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color'),
    icon: text('icon'),
    soon: boolean('soon').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    order: integer('order').notNull().default(0),
    /** Stable key from the course sources (content importer); null for rows created otherwise. */
    sourceKey: text('source_key').unique(),
  },
  (table) => [index('packages_language_idx').on(table.languageId)],
);

export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    languageCode: text('language_code').notNull(),
    order: integer('order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Stable key from the course sources (content importer); null for rows created otherwise. */
    sourceKey: text('source_key').unique(),
  },
  (table) => [index('programs_package_idx').on(table.packageId)],
);

export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    icon: text('icon'),
    iconBw: text('icon_bw'),
    /** 0 normal, 2 blitz group reset (SPEC §3). */
    type: smallint('type').notNull().default(0),
    basic: boolean('basic').notNull().default(false),
    /** Rules page shown from the lesson info icon. */
    html: text('html'),
    order: integer('order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Stable key from the course sources (content importer); null for rows created otherwise. */
    sourceKey: text('source_key').unique(),
  },
  (table) => [index('topics_program_idx').on(table.programId)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** 0 regular lesson, 1 rules, 2 word-review / blitz lesson (SPEC §3). */
    type: smallint('type').notNull().default(0),
    order: integer('order').notNull().default(0),
    html: text('html'),
    enabled: boolean('enabled').notNull().default(true),
    /** Stable key from the course sources (content importer); null for rows created otherwise. */
    sourceKey: text('source_key').unique(),
  },
  (table) => [index('lessons_topic_idx').on(table.topicId)],
);

/**
 * The per-type fields (type1_word … type15_title) live in one JSONB column validated by the core
 * schema of the exercise's type. See docs/decisions/003-exercise-per-type-fields.md.
 */
export const exercises = pgTable(
  'exercises',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    blitz: boolean('blitz').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    order: integer('order').notNull().default(0),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    /** Stable key from the course sources (content importer); null for rows created otherwise. */
    sourceKey: text('source_key').unique(),
    /**
     * The word or phrase the exercise practises ('<course>:<word id>', issue 16): one memory per item across
     * exercise types. Null for rows created without one; those are not remembered.
     */
    itemKey: text('item_key'),
    /** The item in the course language and in the speaker's language, for the words panel. */
    itemText: text('item_text'),
    itemTranslation: text('item_translation'),
  },
  (table) => [
    index('exercises_lesson_idx').on(table.lessonId),
    index('exercises_item_idx').on(table.itemKey),
  ],
);

/** The catalogue last imported from content/dist (one row, key 'catalogue'): its hash and when. */
export const contentState = pgTable('content_state', {
  key: text('key').primaryKey(),
  hash: text('hash').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The content's revision (one row, id 1): a statement-level trigger (migration 0014) adds one to it after
 * any statement that writes a catalogue table, whoever runs it (an import, `ensureStatusTiers`, an operator
 * in SQL). Each instance compares it with the revision its caches were built at, so an unchanged catalogue
 * is never read again in full (ADR 047).
 */
export const contentRevision = pgTable('content_revision', {
  id: integer('id').primaryKey().default(1),
  revision: bigint('revision', { mode: 'number' }).notNull().default(1),
});

/**
 * Every target-language text of the imported content that has a recording, by the hash of
 * packages/core/src/audio/phrase-audio.ts: the audio route synthesises only these, never arbitrary text.
 */
export const contentPhrases = pgTable(
  'content_phrases',
  {
    language: text('language').notNull(),
    hash: text('hash').notNull(),
    text: text('text').notNull(),
    /** What the speech engine reads instead of the text (the course's `say:`), or null. */
    say: text('say'),
    /** The first lesson (course order) that plays it: recordings are made ahead in this order. */
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.language, table.hash] })],
);

/** Status tiers per spoken language (15 per language). */
export const statuses = pgTable(
  'statuses',
  {
    id: serial('id').primaryKey(),
    languageId: integer('language_id').references(() => languages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    points: integer('points').notNull(),
    icon: text('icon'),
    iconBw: text('icon_bw'),
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [index('statuses_language_idx').on(table.languageId)],
);

/** Operator settings; a single row (id = 1). */
export const config = pgTable('config', {
  id: integer('id').primaryKey().default(1),
  freeLessons: integer('free_lessons').notNull().default(2),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Learners --------------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    age: integer('age').notNull(),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    /**
     * When the learner proved the e-mail is theirs (a mailed link, or a provider that says so); null until
     * then. Reset and reminder mails go only to a verified address (issue 30 item 14).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** argon2id PHC string; null for accounts created by social login only. */
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    /** 'basics' or 'beginning', chosen on /select-level. */
    skillLevel: text('skill_level'),
    /** Package (course) being learned and the language the learner speaks. */
    learnedPackageId: integer('learned_package_id').references(() => packages.id, { onDelete: 'set null' }),
    spokenLanguageId: integer('spoken_language_id').references(() => languages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email)],
);

const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const statistics = pgTable(
  'statistics',
  {
    id: serial('id').primaryKey(),
    userId: userRef().unique(),
    points: integer('points').notNull().default(0),
    words: integer('words').notNull().default(0),
    days: integer('days').notNull().default(0),
    daysContinuous: integer('days_continuous').notNull().default(0),
    rightAnswers: integer('right_answers').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** Seven booleans, Monday first. */
    weekActivity: boolean('week_activity')
      .array()
      .notNull()
      .default(sql`'{f,f,f,f,f,f,f}'::boolean[]`),
    /** Last save, epoch seconds. */
    timestamp: epochSeconds('timestamp').notNull().default(0),
  },
  (table) => [
    // The live board (before the first nightly job) walks learners in ranking order and counts those ahead.
    index('statistics_ranking')
      .on(table.points.desc(), table.timestamp)
      .where(sql`${table.points} > 0`),
  ],
);

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    userId: userRef().unique(),
    timestamp: epochSeconds('timestamp').notNull().default(0),
    pushToken: text('push_token'),
    uiLanguage: text('ui_language').notNull().default('en'),
    /** Minutes east of UTC, used for day boundaries. */
    zoneOffset: integer('zone_offset').notNull().default(0),
    /** IANA zone sent by the browser; day boundaries use the offset in force at each instant (DST). */
    timeZone: text('time_zone').notNull().default('UTC'),
    microphone: boolean('microphone').notNull().default(true),
    voiceGuidance: boolean('voice_guidance').notNull().default(true),
    soundEffects: boolean('sound_effects').notNull().default(true),
    /** Phrases in the device's voice when it has a good one (issue 31), or always in Parlo's recordings. */
    voice: text('voice', { enum: phraseVoices }).notNull().default('device'),
    motivationNotification: boolean('motivation_notification').notNull().default(true),
    notificationDays: boolean('notification_days')
      .array()
      .notNull()
      .default(sql`'{t,t,t,t,t,t,t}'::boolean[]`),
    /** Minutes since midnight; shown as HH:MM. */
    notificationTime: integer('notification_time').notNull().default(1140),
    /** Reminders by e-mail too (for learners without push); turned off by the mail's unsubscribe link. */
    emailReminders: boolean('email_reminders').notNull().default(false),
    /** Secret in the reminder mails' unsubscribe link; made with the first reminder mail. */
    reminderMailToken: text('reminder_mail_token'),
    /**
     * The first minute the reminders job needs to look at this learner again (issue 30 item 18): the next
     * hour of their chosen local time, worked out by the job after each look. Null — a new account, changed
     * settings — means "look at the next sweep", which works it out.
     */
    reminderDueAt: timestamp('reminder_due_at', { withTimezone: true }),
  },
  (table) => [index('settings_reminder_due_idx').on(table.reminderDueAt)],
);

/** One entry of LearningProgress.selected (SPEC §3). */
export interface ProgressEntry {
  packageId: number;
  languageId: number;
  programId: number;
  topicId: number | null;
  lessonId: number | null;
  selected: boolean;
  finished: boolean;
  [extra: string]: unknown;
}

export const learningProgress = pgTable('learning_progress', {
  id: serial('id').primaryKey(),
  userId: userRef().unique(),
  timestamp: epochSeconds('timestamp').notNull().default(0),
  selected: jsonb('selected').$type<ProgressEntry[]>().notNull().default([]),
});

/** Daily ranking snapshot, rebuilt at 00:00 Europe/London. */
export const leaderboardEntries = pgTable(
  'leaderboard_entries',
  {
    id: serial('id').primaryKey(),
    day: text('day').notNull(),
    userId: userRef(),
    name: text('name').notNull(),
    points: integer('points').notNull(),
    order: integer('order').notNull(),
  },
  (table) => [uniqueIndex('leaderboard_day_order_unique').on(table.day, table.order)],
);

/**
 * Issue 15: every ranked learner's place on a day's board, written by the nightly job next to the named
 * top 100 above, so a learner far down the board finds their own place by key instead of a ranking.
 */
export const leaderboardPlaces = pgTable(
  'leaderboard_places',
  {
    day: text('day').notNull(),
    userId: userRef(),
    points: integer('points').notNull(),
    order: integer('order').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.userId] })],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: userRef(),
    /** 1_month, 3_month or 1_year. */
    planId: text('plan_id').notNull(),
    /** Parlo's status (packages/core billing/subscription: incomplete, trialing, active, …, expired). */
    status: text('status').notNull(),
    /** Epoch seconds. */
    currentPeriodEnd: epochSeconds('current_period_end').notNull(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    providerCustomerId: text('provider_customer_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Epoch seconds; for past_due, when the renewal that failed was due (the grace period starts there). */
    currentPeriodStart: epochSeconds('current_period_start').notNull().default(0),
    /** Epoch seconds; the end of the free week when the subscription began with one. */
    trialEnd: epochSeconds('trial_end'),
    cardLast4: text('card_last4'),
    /**
     * The provider's fingerprint of the card (same card, same fingerprint, whoever types it): the free
     * week is once per learner and once per card.
     */
    cardFingerprint: text('card_fingerprint'),
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId),
    uniqueIndex('subscriptions_provider_subscription_unique').on(
      table.provider,
      table.providerSubscriptionId,
    ),
    index('subscriptions_card_idx').on(table.cardFingerprint),
  ],
);

/** Webhook events already applied, by the provider's event id: a redelivered event changes nothing. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/**
 * Parlo's sandbox payment provider keeps its own books here, as Stripe keeps them on its side: only the
 * sandbox (no STRIPE_SECRET_KEY) reads or writes this table. A test card's number is never stored; what
 * the card will do on renewal (`cardBehaviour`) and its fingerprint are.
 */
export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  planId: text('plan_id').notNull(),
  status: text('status').notNull(),
  currentPeriodStart: epochSeconds('current_period_start').notNull(),
  currentPeriodEnd: epochSeconds('current_period_end').notNull(),
  trialEnd: epochSeconds('trial_end'),
  /** Whether the free week starts once the card is authenticated. */
  trialPending: boolean('trial_pending').notNull().default(false),
  cardLast4: text('card_last4').notNull(),
  cardFingerprint: text('card_fingerprint').notNull(),
  cardBehaviour: text('card_behaviour').notNull(),
  /** The authentication step the browser must complete (3-D Secure); null when none is pending. */
  pendingClientSecret: text('pending_client_secret'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    content: text('content').notNull(),
    timestamp: epochSeconds('timestamp').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * What the notification is about when it must be said once only (a subscription's change, which
     * webhook redeliveries, the job and other instances may all store again); null for the others.
     */
    onceKey: text('once_key'),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId),
    uniqueIndex('notifications_once_key_unique').on(table.userId, table.onceKey),
  ],
);

/** One browser (device) a learner allowed notifications on; a learner may have many. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    /** The push service's address for this device; unique, so a device re-subscribing replaces itself. */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);

/** A reminder sent to a learner for one local day: the key makes each one go out once across instances. */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    userId: userRef(),
    /** The learner's local day, days since 1970-01-01. */
    day: integer('day').notNull(),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** Error reports from the lesson player ('report an error'). */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** The exercise reported, and the exact answer the learner says should be accepted (issue 31). */
    exerciseId: integer('exercise_id').references(() => exercises.id, { onDelete: 'set null' }),
    answer: text('answer'),
    createdAt: createdAt(),
  },
  (table) => [index('feedback_exercise_idx').on(table.exerciseId)],
);

// ---- Accounts --------------------------------------------------------------------------------------

/** Only a SHA-256 of the token is stored: a database leak does not leak sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: userRef(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: userRef(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('password_reset_token_hash_unique').on(table.tokenHash)],
);

/**
 * Mailed links that confirm an e-mail address, stored hashed like reset links. `email` is the address the
 * link was sent to: a link confirms that address only, not whatever the account holds when it is opened.
 * `thenReset` marks a link mailed in answer to a password-reset request for an unverified address: once
 * the address is confirmed, the learner goes on to choose a new password.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: userRef(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    thenReset: boolean('then_reset').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('email_verification_token_hash_unique').on(table.tokenHash)],
);

/** Append-only record of what learners did (lesson completed, topic finished, …). */
export const learningEvents = pgTable(
  'learning_events',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('learning_events_user_idx').on(table.userId, table.createdAt)],
);

/** Fixed-window counters shared by every app instance (rate limits that survive a load balancer). */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/**
 * The Web Push (VAPID) key pair every instance signs with when none is set in the environment: one row,
 * made by whichever instance starts first (issue 30). A browser's subscription names the public key, so
 * a push signed with another pair would be refused by the push service.
 */
export const vapidKeys = pgTable('vapid_keys', {
  /** Always `web-push`: one pair per deployment. */
  name: text('name').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

// ---- Learning ---------------------------------------------------------------------------------------

/**
 * One row per lesson or blitz completion the server accepted, keyed by the client's idempotency key: a
 * replay (retry, double click, flaky network) returns the stored outcome and counts nothing again.
 */
export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What was played: `{ kind: 'lesson', lessonId }` or `{ kind: 'blitz', blitzTopicId }`. */
    played: jsonb('played').$type<Record<string, unknown>>().notNull(),
    /** The answer sent to the client, replayed as is. */
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    /** Set by a progress reset: the outcome describes progress that no longer exists, so it is not replayed. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('lesson_completions_user_key_unique').on(table.userId, table.idempotencyKey)],
);

/** SPEC §4 free lessons, kept by the server: left today, the UTC day, the allowance it was aligned with. */
export const freeLessonCounters = pgTable('free_lesson_counters', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  num: integer('num').notNull(),
  date: integer('date').notNull(),
  lastApiFreeLessons: integer('last_api_free_lessons').notNull(),
});

// ---- Scheduled jobs -----------------------------------------------------------------------------------

/**
 * A scheduled job's claim on one slot (the leaderboard's London day, say). Whichever instance inserts
 * the row first runs the job, in the same transaction; the others find it and do nothing, so a job runs
 * exactly once per slot however many app servers share the database (ADR 004).
 */
export const scheduledJobRuns = pgTable(
  'scheduled_job_runs',
  {
    job: text('job').notNull(),
    slot: text('slot').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    /** What the run did, for operators: e.g. `{ entries: 100 }` or `{ skipped: 'first start' }`. */
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.job, table.slot] })],
);

// ---- Uploads -------------------------------------------------------------------------------------------

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres hands back a Buffer, PGlite a Uint8Array: the app sees a Buffer either way.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Profile photos (SPEC §7 POST api/upload/avatar), kept in the database rather than on one server's
 * disk so every app instance can serve them. The editor sends a 300×300 picture of a few dozen KB.
 */
export const avatars = pgTable('avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  image: bytea('image').notNull(),
  /** Short content hash: part of the URL, so the picture can be cached for a year. */
  version: text('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

// ---- Review memory (issue 16, ADR 007) ---------------------------------------------------------------

/**
 * Every checked answer of an accepted completion, written in the completion's transaction. The
 * completion's idempotency key and the answer's position make a row unique: a replay adds nothing.
 */
export const answerHistory = pgTable(
  'answer_history',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    itemKey: text('item_key').notNull(),
    exerciseId: integer('exercise_id').notNull(),
    exerciseType: smallint('exercise_type').notNull(),
    /** 'right' | 'wrong' | 'typo' | 'accent' (core/review/memory.ts AnswerResult). */
    result: text('result').notNull(),
    /** As measured by the player; null when it sent none. */
    responseMs: integer('response_ms'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    /** 'lesson' or 'practice', and the idempotency key of the completion that wrote the row. */
    source: text('source').notNull(),
    completionKey: text('completion_key').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    uniqueIndex('answer_history_completion_unique').on(
      table.userId,
      table.source,
      table.completionKey,
      table.position,
    ),
    // No index by learner and item (ADR 043): no statement reads the history by item, and an index that
    // no read uses costs every completion one index entry per answer.
  ],
);

/** One FSRS card per learner and item: what the learner remembers and when to review it next. */
export const itemMemory = pgTable(
  'item_memory',
  {
    userId: userRef(),
    itemKey: text('item_key').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    /** 'new' | 'learning' | 'review' | 'relearning'. */
    state: text('state').notNull(),
    lastReview: timestamp('last_review', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.itemKey] }),
    // No index by learner and due date (ADR 043): practice reads a learner's memories by key or course and
    // orders them in core. Without an index on `due`, a completion's memory update may be a HOT update.
  ],
);

/** Practice sessions the server accepted, keyed like lesson completions: a replay counts nothing again. */
export const practiceCompletions = pgTable(
  'practice_completions',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    idempotencyKey: text('idempotency_key').notNull(),
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('practice_completions_user_key_unique').on(table.userId, table.idempotencyKey)],
);

// ---- Social sign-in (issue 12) ---------------------------------------------------------------------

/**
 * The sign-in providers linked to an account (SPEC §3 network): one row per provider account. A provider
 * account belongs to one learner; a learner links each provider at most once.
 */
export const userConnections = pgTable(
  'user_connections',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    /** 'g' (Google), 'fb' (Facebook) or 'vk' (VK ID), the SPEC §7 network codes. */
    provider: text('provider').notNull(),
    /** The provider's stable id of the person (OIDC `sub`, Graph id, VK user_id). */
    subject: text('subject').notNull(),
    /** The e-mail the provider gave when linked, shown in settings; null when it gave none. */
    email: text('email'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_connections_provider_subject_unique').on(table.provider, table.subject),
    uniqueIndex('user_connections_user_provider_unique').on(table.userId, table.provider),
  ],
);

/**
 * One browser sign-in through a provider, from the redirect out to the account it ends in. Holds the
 * OAuth state (hashed), PKCE verifier and nonce so any app instance can finish it; used once. When the
 * provider did not give what an account needs (age, e-mail), the row keeps the provider's answer until
 * the learner completes it.
 */
export const socialSignIns = pgTable(
  'social_sign_ins',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    stateHash: text('state_hash').notNull(),
    provider: text('provider').notNull(),
    /** 'sign-in' from /login, 'link' from settings (then userId is the signed-in learner). */
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the provider's answer came back: a second answer with the same state is refused. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** What the provider told about the person, kept while the learner completes a new account. */
    profile: jsonb('profile').$type<Record<string, unknown>>(),
    completionHash: text('completion_hash'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('social_sign_ins_state_unique').on(table.stateHash),
    uniqueIndex('social_sign_ins_completion_unique').on(table.completionHash),
    index('social_sign_ins_expires_idx').on(table.expiresAt),
  ],
);

// ---- House ads (issue 11) --------------------------------------------------------------------------

/**
 * One row per banner served to a free learner: the row's id is the serve token the browser sends back
 * with a click. An impression is counted when a banner is served; a serve can be clicked once.
 * `completionMark` is the learner's newest lesson_completions.id when a full-screen ad was served: the
 * next one waits for two completions after it (ADR 010).
 */
export const adServes = pgTable(
  'ad_serves',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: userRef(),
    /** The banner's id in content/ads/banners.yaml. */
    bannerId: text('banner_id').notNull(),
    /** 'banner' (the frame) or 'modal' (the full-screen ad). */
    placement: text('placement').notNull(),
    language: text('language').notNull(),
    completionMark: integer('completion_mark').notNull().default(0),
    servedAt: timestamp('served_at', { withTimezone: true }).notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
  },
  (table) => [
    index('ad_serves_user_placement_idx').on(table.userId, table.placement, table.servedAt),
    index('ad_serves_banner_idx').on(table.bannerId),
  ],
);
