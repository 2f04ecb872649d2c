import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { isContentQuery } from '../../../lib/catalogue.ts';
import type { QueuedCompletion } from '../../../lib/offline/completion-queue.ts';
import {
  dismissRefusal,
  refreshQueue,
  syncCompletions,
  useCompletionQueue,
} from '../../../lib/offline/completion-sync.ts';
import { Notices } from './offline-notices.tsx';

/** A signed-in learner's runs saved on this device: the refused ones (and why) and those still waiting. */
export function QueuedLessonNotices({ userId, hidden }: { userId: string; hidden: boolean }) {
  const { t } = useTranslation();
  const queue = useCompletionQueue();
  useQueueSync(userId);
  const waiting = queue.waiting.length;
  const refused = queue.refused;
  const queued =
    waiting === 0 && refused.length === 0 ? null : (
      <>
        {refused.map((entry) => (
          <RefusedNotice key={entry.key} entry={entry} />
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

/**
 * Sends the waiting runs on start, whenever the browser comes back online and after the service worker
 * sent them (Background Sync); new points then show at once.
 */
function useQueueSync(userId: string | undefined) {
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
}
