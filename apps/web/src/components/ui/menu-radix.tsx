import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';

export interface MenuProps {
  trigger: ReactNode;
  open?: boolean;
  /** Open when first drawn (menu.tsx: a menu the learner opened before this code arrived). */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  align?: 'start' | 'end';
  label?: string;
  children: ReactNode;
}

/**
 * A dropdown menu over Radix (arrow keys, typeahead, Escape, focus return, RTL). Loaded by menu.tsx when
 * a menu is first reached for; screens use menu.tsx.
 */
export function Menu({
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  align = 'end',
  label,
  children,
}: MenuProps) {
  return (
    <DropdownMenu.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align={align} sideOffset={8} aria-label={label}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

interface MenuItemProps {
  onSelect?: (event: Event) => void;
  disabled?: boolean;
  icon?: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
}

export function MenuItem({ onSelect, disabled, icon, hint, children }: MenuItemProps) {
  return (
    <DropdownMenu.Item className="menu__item" onSelect={onSelect} disabled={disabled}>
      {icon ? <span className="menu__icon">{icon}</span> : null}
      <span className="menu__text">{children}</span>
      {hint ? <span className="menu__hint">{hint}</span> : null}
    </DropdownMenu.Item>
  );
}

interface MenuRadioGroupProps {
  value: string;
  onValueChange?: (value: string) => void;
  children: ReactNode;
}

export function MenuRadioGroup({ value, onValueChange, children }: MenuRadioGroupProps) {
  return (
    <DropdownMenu.RadioGroup value={value} onValueChange={onValueChange}>
      {children}
    </DropdownMenu.RadioGroup>
  );
}

interface MenuRadioItemProps {
  value: string;
  onSelect?: (event: Event) => void;
  disabled?: boolean;
  lang?: string;
  hint?: ReactNode;
  children: ReactNode;
}

export function MenuRadioItem({ value, onSelect, disabled, lang, hint, children }: MenuRadioItemProps) {
  return (
    <DropdownMenu.RadioItem
      className="menu__item menu__item--radio"
      value={value}
      onSelect={onSelect}
      disabled={disabled}
      lang={lang}
    >
      <span className="menu__check" aria-hidden="true">
        <DropdownMenu.ItemIndicator>
          <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="3">
            <path d="m5 12.5 4.5 4.5L19 7.5" />
          </svg>
        </DropdownMenu.ItemIndicator>
      </span>
      <span className="menu__text">{children}</span>
      {hint ? <span className="menu__hint">{hint}</span> : null}
    </DropdownMenu.RadioItem>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className="menu__label">{children}</DropdownMenu.Label>;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="menu__separator" />;
}
