// Code that a screen does not show at first (other pages, other tabs, dialogs, heavy widgets)
// loads when it is first rendered, and earlier on intent: `preload()` from a link's hover or
// focus, or when the browser is idle. Docs: docs/decisions/013-web-weight.md.
import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { lazyPage, type ReloadEnvironment } from './chunk-reload';

export type LazyComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts the download; never throws (a failure is retried, with its reload, at render). */
  preload: () => void;
};

/**
 * A component whose module loads on first render (inside a Suspense boundary) or on `preload()`.
 * A chunk a deploy removed reloads the tab once at render (chunk-reload.ts), never on a preload.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself
export function lazyComponent<P extends Record<string, any>>(
  load: () => Promise<ComponentType<P>>,
  env?: ReloadEnvironment,
): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Component = lazy(lazyPage(async () => ({ default: await loadOnce() }), env));
  return Object.assign(Component, { preload: () => void loadOnce().catch(() => {}) });
}

/** Runs `work` when the browser is idle (or soon, where it has no requestIdleCallback). */
export function whenIdle(work: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 200);
  return () => window.clearTimeout(handle);
}

/** Props for a link or button that preloads what it opens on hover, focus or touch. */
export function preloadOnIntent(...targets: { preload: () => void }[]) {
  const preload = () => targets.forEach((target) => target.preload());
  return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
}

/**
 * True from the first time `open` is true: a lazily loaded dialog is rendered (and downloaded)
 * only once it is opened, then stays mounted so that it can play its closing animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
