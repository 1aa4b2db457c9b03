import { ArrowRight, CalendarClock, ClipboardList, FolderKanban, Link2, ShieldCheck, Users } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Logo } from '@/web/components/ui/logo';

const FEATURES = [
  { icon: FolderKanban, title: 'Projects and clients', text: 'Every project tied to its client, with status, due dates and owners at a glance.' },
  { icon: ClipboardList, title: 'Questionnaire templates', text: 'Capture each brief the same way with reusable templates and custom fields.' },
  { icon: Users, title: 'Team collaboration', text: 'Assign developers to projects and give each role exactly the access it needs.' },
  { icon: CalendarClock, title: 'Progress and deadlines', text: 'Tasks, overdue warnings and reports keep every deadline in sight.' },
  { icon: Link2, title: 'Shareable project links', text: 'Share a project with a link, optionally password-protected, and revoke it any time.' },
  { icon: ShieldCheck, title: 'Secure file sharing', text: 'Files and links stay inside your organization and reach only the people you choose.' },
];

/** Spec 1: the public marketing page (ARCHITECTURE decision 8: at /landing). */
export function LandingPage() {
  const navigate = useNavigate();
  const openSignUp = () => navigate('/?mode=sign-up');

  return (
    <div className="min-h-dvh bg-background">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-6 py-5">
        <Logo />
        <Button asChild variant="ghost">
          <Link to="/">Sign In</Link>
        </Button>
      </header>

      <main>
        <section className="relative overflow-hidden">
          <div aria-hidden className="absolute inset-x-0 -top-40 -z-10 mx-auto h-96 max-w-3xl rounded-full bg-gradient-to-r from-indigo-300/40 via-fuchsia-300/40 to-sky-300/40 blur-3xl" />
          <div className="mx-auto max-w-4xl px-6 pt-16 pb-20 text-center sm:pt-24">
            <p className="mx-auto mb-6 inline-flex items-center rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
              Built for agencies and service teams
            </p>
            <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
              Creative project management,{' '}
              <span className="bg-gradient-to-r from-primary to-fuchsia-500 bg-clip-text text-transparent">without the chaos</span>
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
              Brieflane brings your clients, projects, briefs, files and team into one calm workspace, so every deliverable
              leaves on time.
            </p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Button size="lg" onClick={openSignUp}>
                Get Started
                <ArrowRight aria-hidden />
              </Button>
              <Button size="lg" variant="outline" asChild>
                <Link to="/">Sign In</Link>
              </Button>
            </div>
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-6 pb-20">
          <h2 id="features-title" className="mb-8 text-center text-2xl font-semibold tracking-tight sm:text-3xl">
            Everything your agency runs on
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Card className="h-full transition-shadow hover:shadow-md">
                  <CardContent className="grid gap-3 pt-6">
                    <span className="grid size-10 place-items-center rounded-lg bg-accent text-accent-foreground">
                      <Icon className="size-5" aria-hidden />
                    </span>
                    <h3 className="font-semibold">{title}</h3>
                    <p className="text-sm text-muted-foreground">{text}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section className="px-6 pb-24">
          <div className="mx-auto max-w-4xl rounded-2xl bg-gradient-to-br from-indigo-950 via-indigo-800 to-fuchsia-700 px-6 py-14 text-center text-white shadow-xl">
            <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Ready to bring order to your projects?</h2>
            <p className="mx-auto mt-3 max-w-xl text-indigo-100">Set up your agency’s workspace in a couple of minutes.</p>
            <Button size="lg" variant="secondary" className="mt-8" onClick={openSignUp}>
              Start Your Free Trial
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t py-8 text-center text-sm text-muted-foreground">© {new Date().getFullYear()} Brieflane</footer>
    </div>
  );
}
