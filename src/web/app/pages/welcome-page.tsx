import { ArrowRight, Contact, FolderKanban, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Logo } from '@/web/components/ui/logo';
import { loadTexts, useT } from '@/web/lib/i18n';
import { useSignedInMe } from '@/web/lib/session';
import { PAGE_TEXTS } from './texts';

// Its words start loading with the page's code (issue 48): the page never waits on them alone.
void loadTexts('app');

// Each step is a link to where it is done (issue 14).
const NEXT_STEPS = [
  { icon: Contact, ...PAGE_TEXTS.welcome.steps.clients, to: '/?tab=clients' },
  { icon: FolderKanban, ...PAGE_TEXTS.welcome.steps.projects, to: '/?tab=projects' },
  { icon: Users, ...PAGE_TEXTS.welcome.steps.team, to: '/?tab=team' },
];

export function WelcomePage() {
  const t = useT('app');
  const me = useSignedInMe();
  const firstName = me.profile.fullName.split(/\s+/)[0] ?? me.profile.fullName;
  return (
    <main className="min-h-dvh bg-gradient-to-b from-accent/80 via-background to-background">
      <div className="mx-auto flex max-w-4xl flex-col gap-10 px-6 py-12 sm:py-20">
        <Logo />
        <div className="space-y-4">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-5xl">{t(PAGE_TEXTS.welcome.greeting, { firstName })}</h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            {t(PAGE_TEXTS.welcome.workspaceBefore)} <span className="font-medium text-foreground">{me.organization.name}</span>{' '}
            {t(PAGE_TEXTS.welcome.workspaceAfter)}
          </p>
        </div>
        <ol className="grid gap-4 sm:grid-cols-3">
          {NEXT_STEPS.map(({ icon: Icon, title, text, to }, index) => (
            <li key={title.id}>
              <Link
                to={to}
                className="block h-full rounded-xl outline-none transition hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <Card className="h-full">
                  <CardContent className="grid gap-3 pt-6">
                    <span className="grid size-10 place-items-center rounded-lg bg-accent text-accent-foreground">
                      <Icon className="size-5" aria-hidden />
                    </span>
                    <p className="font-medium">
                      <span className="text-muted-foreground">{index + 1}. </span>
                      {t(title)}
                    </p>
                    <p className="text-sm text-muted-foreground">{t(text)}</p>
                  </CardContent>
                </Card>
              </Link>
            </li>
          ))}
        </ol>
        <Button asChild size="lg" className="self-start">
          <Link to="/">
            {t(PAGE_TEXTS.welcome.goToDashboard)}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </main>
  );
}
