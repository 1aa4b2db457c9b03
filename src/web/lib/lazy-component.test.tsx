// @vitest-environment jsdom
// Lazily loaded components (decision 013): once their module is there they render at once,
// without a Suspense fallback, which React keeps up for at least 300 ms (issue 27 item 20).
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyComponent, useLoaded } from './lazy-component';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

describe('lazyComponent', () => {
  it('renders a loaded module in the first render: the Suspense fallback never shows', async () => {
    const Lazy = lazyComponent(async () => Counter);
    await Lazy.ready();
    expect(Lazy.isLoaded()).toBe(true);
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy label="Clicks" />
      </Suspense>,
    );
    // Synchronously, with no act() flush: React.lazy would have shown the fallback here.
    expect(screen.getByRole('button').textContent).toBe('Clicks 0');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('suspends while loading, and keeps what was rendered then (its state) once loaded', async () => {
    const module = deferred<typeof Counter>();
    const Lazy = lazyComponent(() => module.promise);
    const { rerender } = render(
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy label="Clicks" />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(async () => module.resolve(Counter));
    expect(await screen.findByRole('button')).toBeTruthy();
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('Clicks 1');
    // A later render must not swap the element's type (which would remount it and lose the count).
    rerender(
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy label="Taps" />
      </Suspense>,
    );
    expect(screen.getByRole('button').textContent).toBe('Taps 1');
  });

  it('useLoaded shows a placeholder until the module is there, then the component without suspending', async () => {
    const module = deferred<typeof Counter>();
    const Lazy = lazyComponent(() => module.promise);
    function Section() {
      if (!useLoaded(Lazy)) return <p>Placeholder</p>;
      return (
        <Suspense fallback={<p>Loading...</p>}>
          <Lazy label="Ready" />
        </Suspense>
      );
    }
    render(<Section />);
    expect(screen.getByText('Placeholder')).toBeTruthy();
    await act(async () => module.resolve(Counter));
    expect(screen.getByRole('button').textContent).toBe('Ready 0');
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
