// After a deploy, a tab opened before it still names the old build's chunks, which the server no
// longer has: loading the next page's chunk fails. Reloading fetches the new index.html and its
// chunks. The time of that reload is kept in sessionStorage so a chunk that is really missing (or
// a server that is down) gets one reload and then the error screen, never a reload loop.

const RELOADED_AT_KEY = 'brieflane.chunk-reload-at';
/** A second failure within this long of the reload is not a deploy: show the error instead. */
const RELOAD_GUARD_MS = 60_000;

export type ReloadEnvironment = {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
};

const browser = (): ReloadEnvironment => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
  now: Date.now,
});

/** What browsers throw when a dynamic import's file cannot be fetched (Chromium, Firefox, Safari). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads the page unless it already did so for this reason a moment ago; says whether it did. */
export function reloadOnceForNewDeploy(env: ReloadEnvironment = browser()): boolean {
  const last = Number(env.storage.getItem(RELOADED_AT_KEY) ?? 0);
  if (env.now() - last < RELOAD_GUARD_MS) return false;
  env.storage.setItem(RELOADED_AT_KEY, String(env.now()));
  env.reload();
  return true;
}

/**
 * A route's `lazy` loader that reloads once when its chunk is gone; otherwise the error reaches
 * the router's error screen.
 */
export function lazyPage<T>(load: () => Promise<T>, env?: ReloadEnvironment): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnceForNewDeploy(env)) {
        // The page is going away; keep the loading screen until it does.
        return new Promise<T>(() => {});
      }
      throw error;
    }
  };
}

/** Vite's own event for a failed preload of a chunk's dependencies (CSS, shared chunks). */
export function reloadOnPreloadError(target: Window = window, env?: ReloadEnvironment): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForNewDeploy(env)) event.preventDefault();
  });
}
