// The words of the app's standalone pages (spec 1 and 2): the landing page, the welcome page after
// sign-up and the 404 page. Apart from app/texts.ts so that the dashboard's first download does
// not carry their ids. Issue 48: in the `app` part of the words, which each page loads with its
// module (loadTexts).
export const PAGE_TEXTS = {
  // Spec 1: the public marketing page.
  landing: {
    signIn: /*i18n*/ { id: 'app.landing.signIn', message: 'Sign In' },
    audience: /*i18n*/ { id: 'app.landing.audience', message: 'Built for agencies and service teams' },
    headline: /*i18n*/ { id: 'app.landing.headline', message: 'Creative project management,' },
    headlineAccent: /*i18n*/ { id: 'app.landing.headlineAccent', message: 'without the chaos' },
    pitch: /*i18n*/ {
      id: 'app.landing.pitch',
      message: 'Brieflane brings your clients, projects, briefs, files and team into one calm workspace, so every deliverable leaves on time.',
    },
    getStarted: /*i18n*/ { id: 'app.landing.getStarted', message: 'Get Started' },
    featuresTitle: /*i18n*/ { id: 'app.landing.featuresTitle', message: 'Everything your agency runs on' },
    features: {
      projects: {
        title: /*i18n*/ { id: 'app.landing.features.projects.title', message: 'Projects and clients' },
        text: /*i18n*/ { id: 'app.landing.features.projects.text', message: 'Every project tied to its client, with status, due dates and owners at a glance.' },
      },
      templates: {
        title: /*i18n*/ { id: 'app.landing.features.templates.title', message: 'Questionnaire templates' },
        text: /*i18n*/ { id: 'app.landing.features.templates.text', message: 'Capture each brief the same way with reusable templates and custom fields.' },
      },
      team: {
        title: /*i18n*/ { id: 'app.landing.features.team.title', message: 'Team collaboration' },
        text: /*i18n*/ { id: 'app.landing.features.team.text', message: 'Assign developers to projects and give each role exactly the access it needs.' },
      },
      deadlines: {
        title: /*i18n*/ { id: 'app.landing.features.deadlines.title', message: 'Progress and deadlines' },
        text: /*i18n*/ { id: 'app.landing.features.deadlines.text', message: 'Tasks, overdue warnings and reports keep every deadline in sight.' },
      },
      links: {
        title: /*i18n*/ { id: 'app.landing.features.links.title', message: 'Shareable project links' },
        text: /*i18n*/ { id: 'app.landing.features.links.text', message: 'Share a project with a link, optionally password-protected, and revoke it any time.' },
      },
      files: {
        title: /*i18n*/ { id: 'app.landing.features.files.title', message: 'Secure file sharing' },
        text: /*i18n*/ { id: 'app.landing.features.files.text', message: 'Files and links stay inside your organization and reach only the people you choose.' },
      },
    },
    ctaTitle: /*i18n*/ { id: 'app.landing.ctaTitle', message: 'Ready to bring order to your projects?' },
    ctaText: /*i18n*/ { id: 'app.landing.ctaText', message: 'Set up your agency’s workspace in a couple of minutes.' },
    startTrial: /*i18n*/ { id: 'app.landing.startTrial', message: 'Start Your Free Trial' },
    /** `{year}`: this year, as digits. */
    copyright: /*i18n*/ { id: 'app.landing.copyright', message: '© {year} Brieflane' },
  },
  // The first page after sign-up (issue 14).
  welcome: {
    greeting: /*i18n*/ { id: 'app.welcome.greeting', message: 'Welcome to Brieflane, {firstName}!' },
    // Around the organization's name: 'Your workspace <name> is ready. ...'
    workspaceBefore: /*i18n*/ { id: 'app.welcome.workspaceBefore', message: 'Your workspace' },
    workspaceAfter: /*i18n*/ { id: 'app.welcome.workspaceAfter', message: 'is ready. Here is how most agencies get going.' },
    steps: {
      clients: {
        title: /*i18n*/ { id: 'app.welcome.steps.clients.title', message: 'Add your clients' },
        text: /*i18n*/ { id: 'app.welcome.steps.clients.text', message: 'Keep contacts, websites and notes for every client in one place.' },
      },
      projects: {
        title: /*i18n*/ { id: 'app.welcome.steps.projects.title', message: 'Start a project' },
        text: /*i18n*/ { id: 'app.welcome.steps.projects.text', message: 'Use a questionnaire template to capture the brief from day one.' },
      },
      team: {
        title: /*i18n*/ { id: 'app.welcome.steps.team.title', message: 'Bring in your team' },
        text: /*i18n*/ { id: 'app.welcome.steps.team.text', message: 'Invite account executives and developers, each with the right access.' },
      },
    },
    goToDashboard: /*i18n*/ { id: 'app.welcome.goToDashboard', message: 'Go to Dashboard' },
  },
  // Spec 2: 404, 'Oops! Page not found' and a link back home.
  notFound: {
    title: /*i18n*/ { id: 'app.notFound.title', message: 'Page not found' },
    heading: /*i18n*/ { id: 'app.notFound.heading', message: 'Oops! Page not found' },
    text: /*i18n*/ { id: 'app.notFound.text', message: 'The page you are looking for does not exist or has moved.' },
    returnHome: /*i18n*/ { id: 'app.notFound.returnHome', message: 'Return to Home' },
  },
};
