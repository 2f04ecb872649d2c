import type { Database } from '../db/client.ts';
import { sendDueReminders as sendReminders } from '../modules/reminders/reminders.service.ts';
import type { SlotOutcome } from './run-once-per-slot.ts';
import type { JobServices } from './scheduler.ts';

export const REMINDERS_JOB = 'send-reminders';

/**
 * Every minute: the reminders due now go out (modules/reminders). Each is claimed once per learner and
 * local day, so every instance may run this job each minute.
 */
export async function sendDueReminders(
  db: Database,
  now: Date,
  services?: JobServices,
): Promise<SlotOutcome> {
  const { lookedAt, sent } = await sendReminders(db, now, services);
  services?.log.debug({ lookedAt, sent }, 'reminders sweep');
  return sent > 0 ? 'ran' : 'already-done';
}
