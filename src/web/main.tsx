import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { startFirstPage } from './app/pages/lazy-pages';
import { AppRouter } from './app/router';
import { reloadOnPreloadError } from './lib/chunk-reload';
import { activateLocale, initialLocale } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './styles.css';

reloadOnPreloadError();

// The first requests start, a public page's module loads (it downloads with the entry) and the
// language's catalog loads before React renders: the page then renders at once, in its language,
// its data on the way.
const queryClient = createQueryClient();
void Promise.all([startFirstPage(window.location.pathname, queryClient), activateLocale(initialLocale())]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers client={queryClient}>
        <AppRouter />
      </Providers>
    </StrictMode>,
  ),
);
