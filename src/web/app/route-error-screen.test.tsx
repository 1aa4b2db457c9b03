// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, reloadOnPreloadError, type ReloadEnvironment } from '@/web/lib/chunk-reload';
import { lazyComponent } from '@/web/lib/lazy-component';
import { ROUTE_ERROR_TEXTS } from '@/web/components/texts';
import { en } from '@/web/test/texts';
import { RouteErrorBoundary } from './route-error-screen';

afterEach(cleanup);

function Broken(): never {
  throw new Error('render failed');
}

function memoryEnvironment(start = 1_000_000): ReloadEnvironment & { reloads: number; store: Map<string, string>; clock: number } {
  const env = {
    reloads: 0,
    store: new Map<string, string>(),
    clock: start,
    storage: { getItem: (key: string) => env.store.get(key) ?? null, setItem: (key: string, value: string) => void env.store.set(key, value) },
    reload: () => void (env.reloads += 1),
    now: () => env.clock,
  };
  return env;
}

const missingChunk = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/project-page-Old1.js'));

/** The app's frame around a page: the root boundary, and Suspense while a page chunk loads. */
function Frame({ path = '/project/1', onReload = () => {}, children }: { path?: string; onReload?: () => void; children: ReactNode }) {
  return (
    <RouteErrorBoundary resetKey={path} onReload={onReload}>
      <Suspense fallback={<p>Loading...</p>}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

describe('the root error screen', () => {
  it('shows a friendly screen with a Reload button when a page fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onReload = vi.fn();
    render(
      <Frame onReload={onReload}>
        <Broken />
      </Frame>,
    );

    expect(await screen.findByRole('heading', { name: en(ROUTE_ERROR_TEXTS.title) })).toBeTruthy();
    expect(screen.getByText(en(ROUTE_ERROR_TEXTS.body))).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en(ROUTE_ERROR_TEXTS.reload) }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('goes away when the user goes to another page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = render(
      <Frame path="/project/1">
        <Broken />
      </Frame>,
    );
    expect(await screen.findByRole('heading', { name: en(ROUTE_ERROR_TEXTS.title) })).toBeTruthy();
    view.rerender(
      <Frame path="/project/1">
        <p>Still broken page</p>
      </Frame>,
    );
    expect(screen.getByRole('heading', { name: en(ROUTE_ERROR_TEXTS.title) })).toBeTruthy();
    view.rerender(
      <Frame path="/">
        <p>Projects</p>
      </Frame>,
    );
    expect(screen.getByText('Projects')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a route whose chunk a deploy removed', () => {
  it('reloads the tab once, then shows the error screen instead of reloading again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const env = memoryEnvironment();
    const page = () => {
      const ProjectPage = lazyComponent(missingChunk, env);
      return (
        <Frame>
          <ProjectPage />
        </Frame>
      );
    };

    // The first failure reloads the page (which in a browser fetches the new index.html).
    render(page());
    await vi.waitFor(() => expect(env.reloads).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    // Failing again right after that reload: no second reload, the error screen says why.
    env.clock += 2_000;
    render(page());
    expect(await screen.findByText(en(ROUTE_ERROR_TEXTS.newVersion))).toBeTruthy();
    expect(env.reloads).toBe(1);
  });

  it('loads the page when its chunk is there, without reloading', async () => {
    const env = memoryEnvironment();
    const ProjectPage = lazyComponent(async () => () => <p>Project page</p>, env);
    render(
      <Frame>
        <ProjectPage />
      </Frame>,
    );
    expect(await screen.findByText('Project page')).toBeTruthy();
    expect(env.reloads).toBe(0);
  });

  it('never reloads for a preload (a hover), and the render after it still loads the page', async () => {
    const env = memoryEnvironment();
    let attempts = 0;
    const ProjectPage = lazyComponent(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/p.js');
      return () => <p>Project page</p>;
    }, env);
    ProjectPage.preload();
    await vi.waitFor(() => expect(attempts).toBe(1));
    expect(env.reloads).toBe(0);
    render(
      <Frame>
        <ProjectPage />
      </Frame>,
    );
    expect(await screen.findByText('Project page')).toBeTruthy();
    expect(env.reloads).toBe(0);
  });

  it('reloads on a later deploy again once the guard has expired', async () => {
    const env = memoryEnvironment();
    const load = lazyPage(missingChunk, env);
    void load();
    await vi.waitFor(() => expect(env.reloads).toBe(1));
    env.clock += 5 * 60_000;
    void load();
    await vi.waitFor(() => expect(env.reloads).toBe(2));
  });
});

describe("Vite's preload error", () => {
  it('reloads once and keeps Vite from throwing', () => {
    const env = memoryEnvironment();
    const target = new EventTarget() as Window;
    reloadOnPreloadError(target, env);
    const first = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(first);
    expect(env.reloads).toBe(1);
    expect(first.defaultPrevented).toBe(true);

    const again = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(again);
    expect(env.reloads).toBe(1);
    expect(again.defaultPrevented).toBe(false);
  });
});
