import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { isContentQuery } from '../../../lib/content-query.ts';
import type { QueuedCompletion } from '../../../lib/offline/completion-queue.ts';
import {
  dismissRefusal,
  refreshQueue,
  syncCompletions,
  useCompletionQueue,
} from '../../../lib/offline/completion-sync.ts';
import { Notices } from './offline-notices.tsx';

/**
 * A signed-in learner's runs saved on this device: the refused ones (and why), those the daily limit holds
 * for the next day (issue 29 item 12), and those still waiting.
 */
export function QueuedLessonNotices({ userId, hidden }: { userId: string; hidden: boolean }) {
  const { t } = useTranslation();
  const queue = useCompletionQueue();
  useQueueSync(userId, queue.waiting);
  const held = queue.waiting.filter((entry) => entry.heldUntil !== undefined);
  const waiting = queue.waiting.length - held.length;
  const refused = queue.refused;
  const queued =
    queue.waiting.length === 0 && refused.length === 0 ? null : (
      <>
        {refused.map((entry) => (
          <RefusedNotice key={entry.key} entry={entry} />
        ))}
        {held.map((entry) => (
          <HeldNotice key={entry.key} entry={entry} />
        ))}
        {waiting > 0 ? (
          <Alert tone="info">
            <strong>{t('offline.waiting.title', { count: waiting })}</strong> {t('offline.waiting.text')}
          </Alert>
        ) : null}
      </>
    );
  return <Notices hidden={hidden} queued={queued} />;
}

function RefusedNotice({ entry }: { entry: QueuedCompletion }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorMessage();
  const code = entry.refusal?.code ?? '';
  const reason = i18n.exists(`offline.refused.reasons.${code}`)
    ? t(`offline.refused.reasons.${code}`)
    : errorText(new ApiError(409, code, entry.refusal?.message ?? ''));
  const finished = new Date(entry.finishedAt).toLocaleString(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <Alert
      action={
        <Button size="sm" variant="secondary" onClick={() => void dismissRefusal(entry)}>
          {t('offline.refused.dismiss')}
        </Button>
      }
    >
      <strong>{t(`offline.refused.title.${entry.run.kind}`, { finished })}</strong> {reason}
    </Alert>
  );
}

/** A run the daily limit turned away: it stays saved, and is sent once the next day's free lessons begin. */
function HeldNotice({ entry }: { entry: QueuedCompletion }) {
  const { t, i18n } = useTranslation();
  const format = (at: number) =>
    new Date(at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Alert tone="info">
      <strong>{t(`offline.held.title.${entry.run.kind}`, { finished: format(entry.finishedAt) })}</strong>{' '}
      {t('offline.held.text', { when: format(entry.heldUntil ?? entry.finishedAt) })}
    </Alert>
  );
}

/** The first instant a held run may be sent again, if any run is held. */
function firstHeldUntil(waiting: readonly QueuedCompletion[]): number | undefined {
  const times = waiting.flatMap((entry) => (entry.heldUntil === undefined ? [] : [entry.heldUntil]));
  return times.length > 0 ? Math.min(...times) : undefined;
}

/**
 * Sends the waiting runs on start, whenever the browser comes back online and after the service worker
 * sent them (Background Sync); new points then show at once. A run the daily limit holds is sent again
 * when its day comes, if the app is still open then (else on the next start or reconnection).
 */
function useQueueSync(userId: string | undefined, waiting: readonly QueuedCompletion[]) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const refreshLearning = () =>
      queryClient.invalidateQueries({ predicate: (query) => !isContentQuery(query.queryKey) });
    const sync = async () => {
      const result = await syncCompletions(userId);
      if (result.sent > 0 || result.refused > 0) await refreshLearning();
    };
    const onWorkerMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type !== 'COMPLETIONS_SYNCED') return;
      void refreshQueue(userId).then(refreshLearning);
    };
    const onOnline = () => void sync();
    void refreshQueue(userId).then((queue) => {
      if (queue.waiting.length > 0 && navigator.onLine) void sync();
    });
    window.addEventListener('online', onOnline);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    return () => {
      window.removeEventListener('online', onOnline);
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    };
  }, [userId, queryClient]);

  const heldUntil = firstHeldUntil(waiting);
  useEffect(() => {
    if (!userId || heldUntil === undefined) return;
    const timer = window.setTimeout(
      () => {
        if (navigator.onLine) {
          void syncCompletions(userId).then(() =>
            queryClient.invalidateQueries({ predicate: (query) => !isContentQuery(query.queryKey) }),
          );
        }
      },
      // A minute into the new day, so a server clock a little behind the device's is there too.
      Math.max(0, heldUntil - Date.now()) + 60_000,
    );
    return () => window.clearTimeout(timer);
  }, [userId, heldUntil, queryClient]);
}
