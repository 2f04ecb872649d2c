import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { CloseIcon } from './more-icons.tsx';

interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (a Button); optional for dialogs opened from code. */
  trigger?: ReactNode;
  /** Plain text, or text with a course's name isolated in it (<ForeignText>). */
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  /** Buttons; wrap one in <DialogClose> to close on click. */
  footer?: ReactNode;
  size?: 'sm' | 'lg' | 'ad';
  children?: ReactNode;
}

/** Radix handles focus trapping, Escape and scroll locking; this adds the house look. */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  footer,
  size = 'sm',
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={`dialog dialog--${size}`}
          // Radix asks for an explicit "no description" rather than guessing.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
          ) : null}
          {children}
          {footer ? <div className="dialog__footer">{footer}</div> : null}
          <RadixDialog.Close className="dialog__close icon-button" aria-label={closeLabel}>
            <CloseIcon />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
