import { lazy, Suspense, useState, type ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, GlobeIcon } from '../../../components/ui/icons.tsx';
import { currentInterfaceLanguage } from '../../../i18n/i18n.ts';
import { languageNames } from '../../../i18n/language-names.ts';

import type * as LanguageMenuModule from './language-menu.tsx';

let menuModule: Promise<typeof LanguageMenuModule> | undefined;
function loadMenu() {
  menuModule ??= import('./language-menu.tsx');
  return menuModule;
}
const LanguageMenu = lazy(async () => ({ default: (await loadMenu()).LanguageMenu }));

/**
 * SPEC §2: the interface-language button in both headers. Until it is first used it is a plain button:
 * the menu (Radix's dropdown, its positioning and focus code) is fetched when the learner points at or
 * focuses the button, and opens when it arrives, so the landing's first visit does not download it
 * (issue 15).
 */
export function LanguageSelector() {
  const { t } = useTranslation();
  const [used, setUsed] = useState(false);
  const language = currentInterfaceLanguage();

  const trigger = (props: ButtonHTMLAttributes<HTMLButtonElement>) => (
    <button
      type="button"
      className="language-trigger"
      aria-haspopup="menu"
      aria-label={t('nav.languageCurrent', { language: languageNames[language] })}
      {...props}
    >
      <GlobeIcon />
      <span className="language-trigger__code">{language.toUpperCase()}</span>
      <ChevronDownIcon className="language-trigger__chevron" />
    </button>
  );

  if (!used) {
    const preload = () => void loadMenu().catch(() => undefined);
    return trigger({
      'aria-expanded': false,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => setUsed(true),
    });
  }
  return (
    <Suspense fallback={trigger({ 'aria-expanded': true, 'aria-busy': true })}>
      <LanguageMenu trigger={trigger({})} />
    </Suspense>
  );
}
