import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';

interface RulesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  html: string;
}

/** The info icon's lesson rules. The HTML comes from content, so it is sanitised before it is shown. */
export function RulesDialog({ open, onOpenChange, html }: RulesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('player.rulesTitle')}
      closeLabel={t('common.close')}
      size="lg"
      footer={
        <DialogClose asChild>
          <Button>{t('player.rulesDone')}</Button>
        </DialogClose>
      }
    >
      <div
        className="prose rules"
        // Written in the learner's language, whatever the interface's direction (see the dashboard's rules).
        dir="auto"
        dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }) }}
      />
    </Dialog>
  );
}
