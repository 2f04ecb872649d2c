import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../lib/error-message.ts';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';

/** A request that failed: its error in the learner's language, and a button to try again. */
export function RequestFailed({ query }: { query: { error: unknown; refetch: () => unknown } }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  return (
    <Alert
      action={
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      }
    >
      {errorText(query.error)}
    </Alert>
  );
}
