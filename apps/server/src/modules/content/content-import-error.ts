/** Why a content import was refused; nothing of that import is stored. */
export class ContentImportError extends Error {
  override name = 'ContentImportError';
}
