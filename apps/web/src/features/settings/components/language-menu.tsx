import { interfaceLanguages, isInterfaceLanguage } from '@parlo/core/i18n/interface-languages';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { languageNames } from '../../../i18n/language-names.ts';
import {
  Menu,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
} from '../../../components/ui/menu.tsx';
import { changeInterfaceLanguage, currentInterfaceLanguage } from '../../../i18n/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useReplaceSettings } from '../api/replace-settings.ts';

/** SPEC §9: the language menu closes 100 ms after a choice, so the learner sees the tick land. */
export const MENU_CLOSE_DELAY_MS = 100;

/**
 * The interface-language menu itself (Radix, with its positioning and focus handling): loaded by
 * language-selector.tsx the first time the learner reaches for the button, so it is not in the first
 * visit's download. It opens as it arrives.
 */
export function LanguageMenu({ trigger }: { trigger: ReactElement }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const closeTimer = useRef<number | undefined>(undefined);
  const session = useSession();
  const replaceSettings = useReplaceSettings();
  const language = currentInterfaceLanguage();

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const choose = (value: string) => {
    if (!isInterfaceLanguage(value)) return;
    const user = session.data;
    changeInterfaceLanguage(value).then(
      () => {
        // Signed in: the choice follows the learner to other devices. A failure here is not worth an
        // error message: the interface has already switched and the device remembers it.
        if (user && user.settings.uiLanguage !== value) {
          replaceSettings.mutate({ settingsId: user.settings.id, change: { uiLanguage: value } });
        }
      },
      // The language's texts could not be fetched: the tick stays on the language still shown.
      () => undefined,
    );
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), MENU_CLOSE_DELAY_MS);
  };

  return (
    <Menu open={open} onOpenChange={setOpen} label={t('nav.language')} trigger={trigger}>
      <MenuLabel>{t('nav.language')}</MenuLabel>
      <MenuSeparator />
      <MenuRadioGroup value={language} onValueChange={choose}>
        {interfaceLanguages.map((code) => (
          <MenuRadioItem
            key={code}
            value={code}
            lang={code}
            hint={code.toUpperCase()}
            // Keep the menu open so the 100 ms close delay is ours, not Radix's instant close.
            onSelect={(event) => event.preventDefault()}
          >
            {languageNames[code]}
          </MenuRadioItem>
        ))}
      </MenuRadioGroup>
    </Menu>
  );
}
