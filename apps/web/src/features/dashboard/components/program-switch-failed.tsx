import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';

/**
 * The program picker's "could not switch" dialog, loaded the first time it opens (course-picker.tsx): the
 * header does not need Radix's dialog code to draw itself (issue 15; ADR 038).
 */
export function ProgramSwitchFailed({
  open,
  onOpenChange,
  description,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('dashboard.picker.switchFailed')}
      description={description}
      closeLabel={t('common.close')}
      footer={
        <DialogClose asChild>
          <Button>{t('common.close')}</Button>
        </DialogClose>
      }
    />
  );
}
