/**
 * A part's stylesheet that could not be fetched (the server was out of reach) is never asked for
 * again by Vite's loader: it marks each stylesheet as handled once tried, so the part, loaded once
 * the server is back, would show unstyled. The failures are noted as the browser reports them, and
 * a part's load asks for them again first (./lazy-part.tsx).
 */

/** The addresses of stylesheets that failed and have not been asked for again. */
const failed = new Set<string>();

/** From now on, notes every stylesheet `<link>` of `page` that fails to load, and takes it out. */
export function noteFailedStylesheets(page: Document): void {
  // An error event does not bubble: the capture phase sees it on its way to the link.
  page.addEventListener(
    'error',
    (event) => {
      const link = event.target;
      if (!(link instanceof HTMLLinkElement) || link.rel !== 'stylesheet') return;
      failed.add(link.href);
      link.remove();
    },
    true,
  );
}

/** What asking again is waiting for: every stylesheet asked for again so far that has not settled. */
let askedAgain: Promise<unknown> = Promise.resolve();

/**
 * Asks again for every stylesheet that failed (none at all on most loads); settles once each asked
 * for again, by this call or an earlier one, has loaded or failed again, so a part drawn after it is
 * drawn styled. One that fails again is noted again. Nothing to ask for where there is no page (the
 * server drawing the panel).
 */
export function fetchFailedStylesheetsAgain(): Promise<void> {
  if (typeof document === 'undefined' || failed.size === 0) return askedAgain.then(() => undefined);
  const hrefs = [...failed];
  failed.clear();
  const settling = hrefs.map(
    (href) =>
      new Promise<void>((settled) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        // As Vite's loader asks for it: the same request, the same answer from the server.
        link.crossOrigin = '';
        link.href = href;
        link.addEventListener('load', () => {
          settled();
        });
        link.addEventListener('error', () => {
          settled();
        });
        document.head.append(link);
      }),
  );
  askedAgain = Promise.all([askedAgain, ...settling]);
  return askedAgain.then(() => undefined);
}
