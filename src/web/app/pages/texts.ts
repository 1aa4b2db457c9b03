// The words of the app's standalone pages (spec 1 and 2): the landing page, the welcome page after
// sign-up and the 404 page. Apart from app/texts.ts so that the dashboard's first download does
// not carry them.
export const PAGE_TEXTS = {
  // Spec 1: the public marketing page.
  landing: {
    signIn: 'Sign In',
    audience: 'Built for agencies and service teams',
    headline: 'Creative project management,',
    headlineAccent: 'without the chaos',
    pitch: 'Brieflane brings your clients, projects, briefs, files and team into one calm workspace, so every deliverable leaves on time.',
    getStarted: 'Get Started',
    featuresTitle: 'Everything your agency runs on',
    features: {
      projects: { title: 'Projects and clients', text: 'Every project tied to its client, with status, due dates and owners at a glance.' },
      templates: { title: 'Questionnaire templates', text: 'Capture each brief the same way with reusable templates and custom fields.' },
      team: { title: 'Team collaboration', text: 'Assign developers to projects and give each role exactly the access it needs.' },
      deadlines: { title: 'Progress and deadlines', text: 'Tasks, overdue warnings and reports keep every deadline in sight.' },
      links: { title: 'Shareable project links', text: 'Share a project with a link, optionally password-protected, and revoke it any time.' },
      files: { title: 'Secure file sharing', text: 'Files and links stay inside your organization and reach only the people you choose.' },
    },
    ctaTitle: 'Ready to bring order to your projects?',
    ctaText: 'Set up your agency’s workspace in a couple of minutes.',
    startTrial: 'Start Your Free Trial',
    copyright: (year: number) => `© ${year} Brieflane`,
  },
  // The first page after sign-up (issue 14).
  welcome: {
    greeting: (firstName: string) => `Welcome to Brieflane, ${firstName}!`,
    // Around the organization's name: 'Your workspace <name> is ready. ...'
    workspaceBefore: 'Your workspace',
    workspaceAfter: 'is ready. Here is how most agencies get going.',
    steps: {
      clients: { title: 'Add your clients', text: 'Keep contacts, websites and notes for every client in one place.' },
      projects: { title: 'Start a project', text: 'Use a questionnaire template to capture the brief from day one.' },
      team: { title: 'Bring in your team', text: 'Invite account executives and developers, each with the right access.' },
    },
    goToDashboard: 'Go to Dashboard',
  },
  // Spec 2: 404, 'Oops! Page not found' and a link back home.
  notFound: {
    title: 'Page not found',
    heading: 'Oops! Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    returnHome: 'Return to Home',
  },
} as const;
