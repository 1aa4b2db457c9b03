import { Suspense, useEffect, useState } from 'react';
import { lazyComponent } from '@/web/lib/lazy-component';
import { onFirstNotice } from '@/web/lib/notify';

const LazyToaster = lazyComponent(async () => (await import('./toaster')).Toaster);

/** The app's toaster, mounted (and downloaded) with the first notice (decision 013). */
export function ToasterHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstNotice(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
