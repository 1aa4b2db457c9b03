// Code that a screen does not show at first (other pages, other tabs, dialogs, heavy widgets)
// loads when it is first rendered, and earlier on intent: `preload()` from a link's hover or
// focus, or when the browser is idle. Docs: docs/decisions/013-web-weight.md.
import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';
import { lazyPage, type ReloadEnvironment } from './chunk-reload';

export type LazyComponent<P> = ComponentType<P> & {
  /** Starts the download; never throws (a failure is retried, with its reload, at render). */
  preload: () => void;
  /** Resolves once the module has loaded (or failed to: render then retries it, as above). */
  ready: () => Promise<void>;
  isLoaded: () => boolean;
};

/**
 * A component whose module loads on first render (inside a Suspense boundary) or on `preload()`.
 * Once loaded it renders directly: React.lazy suspends on its first render even when the module
 * is already there, and React shows a Suspense fallback for at least 300 ms, so a page whose
 * chunk came with the HTML (page-paths.ts) would wait that long for nothing (issue 27 item 20).
 * A chunk a deploy removed reloads the tab once at render (chunk-reload.ts), never on a preload.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself
export function lazyComponent<P extends Record<string, any>>(
  load: () => Promise<ComponentType<P>>,
  env?: ReloadEnvironment,
): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(lazyPage(async () => ({ default: await loadOnce() }), env));
  function Loadable(props: P) {
    // Chosen once per mount: switching an element from Lazy to the loaded component would
    // remount it and lose its state.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Loadable, {
    preload: () => void loadOnce().catch(() => {}),
    ready: () => loadOnce().then(
      () => undefined,
      () => undefined,
    ),
    isLoaded: () => loaded !== undefined,
  });
}

/**
 * Whether `component` has loaded, starting its download: render a placeholder until then, and
 * the component renders at once, without the 300 ms a Suspense fallback stays up at least. A
 * failed download counts as loaded, so that the component's render retries it (in Suspense).
 */
export function useLoaded(component: Pick<LazyComponent<never>, 'ready' | 'isLoaded'>): boolean {
  const [loaded, setLoaded] = useState(component.isLoaded);
  useEffect(() => {
    if (loaded) return;
    let mounted = true;
    void component.ready().then(() => mounted && setLoaded(true));
    return () => {
      mounted = false;
    };
  }, [component, loaded]);
  return loaded;
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
