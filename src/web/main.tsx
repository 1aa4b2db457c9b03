import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { isPublicPage, startFirstPage } from './app/pages/lazy-pages';
import { AppRouter } from './app/router';
import { reloadOnPreloadError } from './lib/chunk-reload';
import { activateLocale, initialLocale, loadTexts } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { SIGNED_OUT_TEXTS, signedOutOnPublicPage } from './lib/session';
import './styles.css';

reloadOnPreloadError();

// The first requests start, a public page's module loads (it downloads with the entry) and the
// language's catalog loads before React renders: the page then renders at once, in its language,
// its data on the way.
const queryClient = createQueryClient();
const locale = activateLocale(initialLocale());
// Off a public page the sign-in screen may be next: its words start with the rest (a signed-in
// page never waits on them; a signed-out answer from /api/me does, session.ts).
if (isPublicPage(window.location.pathname)) signedOutOnPublicPage();
else void loadTexts(...SIGNED_OUT_TEXTS);
void Promise.all([startFirstPage(window.location.pathname, queryClient), locale]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers client={queryClient}>
        <AppRouter />
      </Providers>
    </StrictMode>,
  ),
);
