// The browser tab names the page: "<what it shows> · Brieflane", or "Brieflane" while unknown.
import { useEffect } from 'react';

export function documentTitle(page: string | null | undefined): string {
  return page ? `${page} · Brieflane` : 'Brieflane';
}

export function useDocumentTitle(page: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
