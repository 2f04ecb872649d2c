import type { TranslationTree } from '../resources.ts';

// The features' English beyond the first visit (resources.ts, loadAllEnglish): the landing's and the
// offline notices' English is in the first download.
export default import.meta.glob<TranslationTree>(
  [
    '../../features/*/locales/en.json',
    '!../../features/info/locales/en.json',
    '!../../features/offline/locales/en.json',
  ],
  { eager: true, import: 'default' },
);
