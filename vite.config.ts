import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogFiles } from './scripts/catalog-files.ts';
import { routePages } from './scripts/route-pages.ts';

/**
 * Issue 48 (decision 044): a text is `/*i18n*\/ { id, message }` with its English source, which
 * the catalogs hold too. The build keeps the id alone, as Lingui's own macro does in production:
 * the English words would otherwise download twice (in the code and in the English catalog).
 */
function catalogIdsOnly(): Plugin {
  const quoted = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"`;
  const descriptor = new RegExp(String.raw`/\*i18n\*/\s*\{\s*id:\s*(${quoted}),\s*message:\s*(?:${quoted}),?\s*\}`, 'g');
  return {
    name: 'brieflane-catalog-ids-only',
    apply: 'build',
    // Before TypeScript is stripped, while the comment that marks a text is still there.
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes('/*i18n*/')) return null;
      return { code: code.replace(descriptor, '/*i18n*/ { id: $1 }'), map: null };
    },
  };
}

export default defineConfig({
  root: 'src/web',
  // routePages: an index.html per page naming its chunks, for the server to send (decision 013).
  // catalogFiles: the catalogs as JSON files the app fetches (decision 045).
  plugins: [catalogIdsOnly(), catalogFiles(), react(), tailwindcss(), routePages()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // scripts/web-weight.ts reads each route's first download from the manifest (decision 013).
    manifest: true,
    rolldownOptions: {
      // src/domain is pure (ARCHITECTURE: no I/O, rules and schemas only), so a domain module
      // none of whose own exports a chunk uses is left out, even when it is imported for a name
      // it re-exports: a page that reads TASK_MESSAGES through domain/tasks.ts gets
      // task-rules.ts, not the task schemas and zod (decision 013).
      treeshake: { moduleSideEffects: [{ test: /\/src\/domain\//, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is downloaded by every page anyway: one
            // file instead of ten. On a phone over HTTP/1.1 each file costs a round trip.
            { name: 'index', tags: ['$initial'], priority: 2 },
            // The same reason for what the pages and dialogs share in many small modules: the
            // icons, and the zod-free messages and rules (a few KB gzip each, all together).
            { name: 'icons', test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, priority: 1 },
            // A task's comments are read in its panel only (issue 29): their words go with the
            // panel's chunks, not into the texts every page downloads.
            { name: 'comment-texts', test: /src[\\/](domain[\\/]comment-rules|web[\\/]features[\\/]comments[\\/]texts)\.ts$/, priority: 2 },
            // The words only the signed-in dashboard shows (its tabs, Settings, time, budgets,
            // search, team, clients, templates, the sign-in factors and integrations): one chunk
            // of their own, so a share link's first download leaves them out (issue 49 brought it
            // to 150.5 KB, past issue 17's 150 KB; these feature texts took it to 149.1 KB). The
            // planning rules read durations as time entries do (issue 51): here with them, as a
            // `-rules` file among the texts would bring this whole chunk to a share link. Time's
            // own constants and formatMinutes (time-rules.ts) are small and shown there: texts.
            // A recurring task's rule in words loads with the task list's rows (a link shows none).
            {
              name: 'dashboard-texts',
              test: /src[\\/](domain[\\/](time-entry-rules|schedule-rules|recurrence-rules|budget-rules|search-rules|sso-rules|two-factor-policy-rules)|web[\\/]features[\\/](time|search|reports|organizations|passkeys|sso|settings|calendar|webhooks|api-tokens|two-factor|sessions|templates|team|clients)[\\/]texts)\.ts$/,
              priority: 2,
            },
            {
              name: 'texts',
              test: /src[\\/](domain[\\/]([\w-]+-rules|storable-text|project-status|shared-link-errors|intake-state)|web[\\/]features[\\/][\w-]+[\\/]texts)\.ts$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:3000',
        ws: true,
        // The API refuses state changes whose Origin is not PUBLIC_URL (decision 006); the dev
        // page's origin is Vite's. Dropping Origin here leaves Sec-Fetch-Site, which a
        // cross-site page still cannot fake.
        configure: (proxy) => proxy.on('proxyReq', (proxyRequest) => proxyRequest.removeHeader('origin')),
      },
    },
  },
});
