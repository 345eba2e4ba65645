import { useEffect } from "react";

const appName = "Hearth";

/**
 * Sets the browser tab's title to "<page> · Hearth" (or "Hearth" alone) while the calling
 * component is shown, and puts "Hearth" back when it goes. Pass the translated page name.
 */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = page ? `${page} · ${appName}` : appName;
    return () => {
      document.title = appName;
    };
  }, [page]);
}
