import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Logo } from '@/web/components/ui/logo';
import { useDocumentTitle } from '@/web/lib/document-title';
import { loadTexts, useT } from '@/web/lib/i18n';
import { PAGE_TEXTS } from './texts';

// Its words start loading with the page's code (issue 48): the page never waits on them alone.
void loadTexts('app');

export function NotFoundPage() {
  const t = useT('app');
  const location = useLocation();
  useDocumentTitle(t(PAGE_TEXTS.notFound.title));
  useEffect(() => {
    // Spec 2: the not-found page records the missing path.
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <Logo />
      <div className="space-y-2">
        <h1 className="bg-gradient-to-br from-primary to-fuchsia-500 bg-clip-text text-7xl font-bold tracking-tight text-transparent">404</h1>
        <p className="text-xl font-medium">{t(PAGE_TEXTS.notFound.heading)}</p>
        <p className="text-sm text-muted-foreground">{t(PAGE_TEXTS.notFound.text)}</p>
      </div>
      <Button asChild>
        <Link to="/">
          <ArrowLeft aria-hidden />
          {t(PAGE_TEXTS.notFound.returnHome)}
        </Link>
      </Button>
    </main>
  );
}
