import { Checkbox } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { sendFeedback } from '../api/player-api.ts';
import { feedbackText, reportProblems, type ExercisePath, type ReportProblem } from '../feedback-text.ts';

interface ReportDialogProps {
  open: boolean;
  path: ExercisePath | undefined;
  /** The answer just marked wrong, if any: sent with "my answer was marked wrong" (issue 31). */
  answer?: string | undefined;
  onClose: () => void;
}

/**
 * SPEC §2 report dialog: four problems to tick, then POST /api/feedback and a thank-you. SPEC §8: a
 * failed report is silently dropped.
 */
export function ReportDialog({ open, path, answer, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  const [problems, setProblems] = useState<ReportProblem[]>([]);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const close = () => {
    setProblems([]);
    setSending(false);
    setSent(false);
    onClose();
  };

  const submit = () => {
    if (!path || problems.length === 0) return;
    setSending(true);
    const disputed = problems.includes('wrong-answer-marking') ? answer : undefined;
    sendFeedback({
      text: feedbackText(path, problems, disputed),
      exerciseId: path.exercise.id,
      ...(disputed !== undefined ? { answer: disputed } : {}),
    }).then(
      () => {
        setSending(false);
        setSent(true);
      },
      () => close(),
    );
  };

  if (sent) {
    return (
      <Dialog
        open={open}
        onOpenChange={(isOpen) => (isOpen ? undefined : close())}
        title={t('player.report.sentTitle')}
        description={t('player.report.sentText')}
        closeLabel={t('common.close')}
        footer={<Button onClick={close}>{t('player.report.done')}</Button>}
      />
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => (isOpen ? undefined : close())}
      title={t('player.report.title')}
      description={t('player.report.text')}
      closeLabel={t('common.close')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{t('common.cancel')}</Button>
          </DialogClose>
          <Button onClick={submit} disabled={problems.length === 0} loading={sending}>
            {t('player.report.submit')}
          </Button>
        </>
      }
    >
      <ul className="report-problems">
        {reportProblems.map((problem) => {
          const id = `report-${problem}`;
          return (
            <li key={problem} className="report-problem">
              <Checkbox.Root
                id={id}
                className="checkbox"
                checked={problems.includes(problem)}
                onCheckedChange={(checked) =>
                  setProblems((current) =>
                    checked === true ? [...current, problem] : current.filter((chosen) => chosen !== problem),
                  )
                }
              >
                <Checkbox.Indicator className="checkbox__indicator">
                  <CheckIcon />
                </Checkbox.Indicator>
              </Checkbox.Root>
              <label htmlFor={id}>{t(`player.report.problems.${problem}`)}</label>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
