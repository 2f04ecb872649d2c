import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useResetProgress } from '../api/reset-progress.ts';
import { paths } from '../../../config/paths.ts';

/**
 * SPEC §4 'reset progress', after a confirmation: all courses, points and statistics go back to zero and
 * the learner chooses a course again. It cannot be undone, so the dialog says so.
 */
export function ResetProgressSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorMessage();
  const reset = useResetProgress();
  const [confirming, setConfirming] = useState(false);

  const confirm = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        void navigate(paths.selectCourse);
      },
    });

  return (
    <section className="danger-zone" aria-labelledby="reset-progress-title">
      <h3 className="danger-zone__title" id="reset-progress-title">
        {t('dashboard.reset.title')}
      </h3>
      <p className="danger-zone__text">{t('dashboard.reset.text')}</p>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) reset.reset();
        }}
        title={t('dashboard.reset.confirmTitle')}
        description={t('dashboard.reset.confirmText')}
        closeLabel={t('common.close')}
        trigger={<Button variant="secondary">{t('dashboard.reset.button')}</Button>}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{t('common.cancel')}</Button>
            </DialogClose>
            <Button
              variant="danger"
              loading={reset.isPending}
              loadingLabel={t('common.loading')}
              onClick={confirm}
            >
              {t('dashboard.reset.confirm')}
            </Button>
          </>
        }
      >
        {reset.isError ? <Alert>{errorText(reset.error)}</Alert> : null}
      </Dialog>
    </section>
  );
}
