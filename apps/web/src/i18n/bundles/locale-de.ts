import type { TranslationTree } from '../resources.ts';

// One interface language's files in one module, so the app asks for a language with one import (resources.ts).
export default import.meta.glob<TranslationTree>(['../locales/de.json', '../../features/*/locales/de.json'], {
  eager: true,
  import: 'default',
});
