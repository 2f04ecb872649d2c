import { useEffect } from 'react';

/**
 * Names the browser tab '<title> · Parlo'. It changes the one <title> of index.html instead of rendering
 * another: React 19 hoists a rendered <title> next to the static one, and a page then has two.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Parlo`;
  }, [title]);
}
