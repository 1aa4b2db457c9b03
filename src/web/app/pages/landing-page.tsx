import { ArrowRight, CalendarClock, ClipboardList, FolderKanban, Link2, ShieldCheck, Users } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Logo } from '@/web/components/ui/logo';
import { loadTexts, useT } from '@/web/lib/i18n';
import { PAGE_TEXTS } from './texts';

// Its words start loading with the page's code (issue 48): the page never waits on them alone.
void loadTexts('app');

const { features } = PAGE_TEXTS.landing;
const FEATURES = [
  { icon: FolderKanban, ...features.projects },
  { icon: ClipboardList, ...features.templates },
  { icon: Users, ...features.team },
  { icon: CalendarClock, ...features.deadlines },
  { icon: Link2, ...features.links },
  { icon: ShieldCheck, ...features.files },
];

/** Spec 1: the public marketing page (ARCHITECTURE decision 8: at /landing). */
export function LandingPage() {
  const t = useT('app');
  const navigate = useNavigate();
  const openSignUp = () => navigate('/?mode=sign-up');

  return (
    <div className="min-h-dvh bg-background">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-6 py-5">
        <Logo />
        <Button asChild variant="ghost">
          <Link to="/">{t(PAGE_TEXTS.landing.signIn)}</Link>
        </Button>
      </header>

      <main>
        <section className="relative overflow-hidden">
          <div aria-hidden className="absolute inset-x-0 -top-40 -z-10 mx-auto h-96 max-w-3xl rounded-full bg-gradient-to-r from-indigo-300/40 via-fuchsia-300/40 to-sky-300/40 blur-3xl" />
          <div className="mx-auto max-w-4xl px-6 pt-16 pb-20 text-center sm:pt-24">
            <p className="mx-auto mb-6 inline-flex items-center rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
              {t(PAGE_TEXTS.landing.audience)}
            </p>
            <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
              {t(PAGE_TEXTS.landing.headline)}{' '}
              <span className="bg-gradient-to-r from-primary to-fuchsia-500 bg-clip-text text-transparent">{t(PAGE_TEXTS.landing.headlineAccent)}</span>
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
              {t(PAGE_TEXTS.landing.pitch)}
            </p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Button size="lg" onClick={openSignUp}>
                {t(PAGE_TEXTS.landing.getStarted)}
                <ArrowRight aria-hidden />
              </Button>
              <Button size="lg" variant="outline" asChild>
                <Link to="/">{t(PAGE_TEXTS.landing.signIn)}</Link>
              </Button>
            </div>
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-6 pb-20">
          <h2 id="features-title" className="mb-8 text-center text-2xl font-semibold tracking-tight sm:text-3xl">
            {t(PAGE_TEXTS.landing.featuresTitle)}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title.id}>
                <Card className="h-full transition-shadow hover:shadow-md">
                  <CardContent className="grid gap-3 pt-6">
                    <span className="grid size-10 place-items-center rounded-lg bg-accent text-accent-foreground">
                      <Icon className="size-5" aria-hidden />
                    </span>
                    <h3 className="font-semibold">{t(title)}</h3>
                    <p className="text-sm text-muted-foreground">{t(text)}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section className="px-6 pb-24">
          <div className="mx-auto max-w-4xl rounded-2xl bg-gradient-to-br from-indigo-950 via-indigo-800 to-fuchsia-700 px-6 py-14 text-center text-white shadow-xl">
            <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t(PAGE_TEXTS.landing.ctaTitle)}</h2>
            <p className="mx-auto mt-3 max-w-xl text-indigo-100">{t(PAGE_TEXTS.landing.ctaText)}</p>
            <Button size="lg" variant="secondary" className="mt-8" onClick={openSignUp}>
              {t(PAGE_TEXTS.landing.startTrial)}
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t py-8 text-center text-sm text-muted-foreground">{t(PAGE_TEXTS.landing.copyright, { year: String(new Date().getFullYear()) })}</footer>
    </div>
  );
}
