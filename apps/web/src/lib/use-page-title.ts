import { useEffect } from 'react';

/** Sets the document title for the current page. */
export function usePageTitle(title: string, siteName = 'Insightra') {
  useEffect(() => {
    document.title = title ? `${title} — ${siteName}` : siteName;
  }, [title, siteName]);
}
