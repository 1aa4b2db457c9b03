import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { startFirstPage } from './app/pages/lazy-pages';
import { AppRouter } from './app/router';
import { reloadOnPreloadError } from './lib/chunk-reload';
import { createQueryClient } from './lib/query-client';
import './styles.css';

reloadOnPreloadError();

// The first requests start and a public page's module loads (it downloads with the entry)
// before React renders: the page then renders at once, its data on the way.
const queryClient = createQueryClient();
void startFirstPage(window.location.pathname, queryClient).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers client={queryClient}>
        <AppRouter />
      </Providers>
    </StrictMode>,
  ),
);
