/**
 * A browser may remember a failed `import()` for good (whatwg/html#6768): seen in Chromium 150, where
 * importing the same address again fails at once without asking the server; Chromium 156 asks again.
 * A module that failed is therefore imported again under an address of its own (`?retry=N`), read
 * off the failure where the browser names it (Chromium does). What this cannot reach: a shared
 * script the module imports, remembered as failed too, fails it again until the page is reloaded.
 */

/** The address of this page's own script whose import failed, as `error` names it; undefined if none. */
export function failedScriptAddress(error: unknown, origin: string): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  for (const [word] of message.matchAll(/https?:\/\/\S+/g)) {
    const address = parsedAddress(word);
    // Only this origin's own scripts: a stylesheet's failure names its own address (Vite's loader).
    if (address === undefined || address.origin !== origin || !address.pathname.endsWith('.js')) continue;
    address.search = '';
    address.hash = '';
    return address.href;
  }
  return undefined;
}

function parsedAddress(word: string): URL | undefined {
  try {
    return new URL(word);
  } catch {
    return undefined;
  }
}

/**
 * `load`, and once a failure names its script's address, that script imported under a new address
 * each time: that attempt fetches it from the server again, whatever the browser keeps. The first
 * such failure is tried again at once under a new address, since it may be only the browser's
 * memory of a failure (a server that is back, a script whose modulepreload had failed).
 */
export function importingAgain<Module>(
  load: () => Promise<Module>,
  importAddress: (address: string) => Promise<Module> = async (address) =>
    (await import(/* @vite-ignore */ address)) as Module,
  // None where there is no page (the server drawing the panel): nothing is imported there.
  origin: string = typeof location === 'undefined' ? '' : location.origin,
): () => Promise<Module> {
  let failedAddress: string | undefined;
  let attempts = 0;
  return async () => {
    if (failedAddress === undefined) {
      try {
        return await load();
      } catch (error) {
        failedAddress = failedScriptAddress(error, origin);
        if (failedAddress === undefined) throw error;
      }
    }
    attempts += 1;
    try {
      return await importAddress(`${failedAddress}?retry=${String(attempts)}`);
    } catch (error) {
      failedAddress = failedScriptAddress(error, origin) ?? failedAddress;
      throw error;
    }
  };
}
