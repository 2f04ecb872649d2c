import { completeBlitz, completeLesson } from '@parlo/contract/learning';
import { callApi, isApiError, SERVER_NOT_RESPONDING } from '../api-client.ts';
import {
  FREE_LESSON_LIMIT_REACHED,
  outcomeOfFailure,
  type QueuedCompletion,
  type SendOutcome,
} from './completion-queue.ts';

/**
 * Sends one queued completion with the same contract call the player uses online (the page and the
 * service worker both send through here).
 */
export async function sendQueuedCompletion(entry: QueuedCompletion): Promise<SendOutcome> {
  try {
    const outcome =
      entry.run.kind === 'lesson'
        ? await callApi(completeLesson, { params: { lessonId: entry.run.lessonId }, body: entry.body })
        : await callApi(completeBlitz, { params: { topicId: entry.run.topicId }, body: entry.body });
    // Not counted: the free lessons ran out before it arrived (SPEC §4), and the server wrote nothing.
    // Online the player would have gone to /limit; offline the queue keeps it for the next day.
    if (outcome.route.path === '/limit') {
      return {
        kind: 'refused',
        code: FREE_LESSON_LIMIT_REACHED,
        message: 'The free-lesson limit was reached.',
      };
    }
    return { kind: 'sent' };
  } catch (error) {
    if (!isApiError(error) || error.code === SERVER_NOT_RESPONDING) return { kind: 'retry' };
    return outcomeOfFailure(error.status, error.code, error.message);
  }
}
