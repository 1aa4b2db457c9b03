// The import boundaries in eslint.config.js (decision 012) fail the lint on each kind of
// crossing, and let the allowed imports through.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The rules that refused the import: the resolved-file zones, or domain's package list. */
async function refusedBy(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath });
  return result!.messages.map((m) => m.ruleId ?? '').filter((rule) => rule === 'no-restricted-imports' || rule === 'import-x/no-restricted-paths');
}

async function restricted(filePath: string, source: string): Promise<boolean> {
  return (await refusedBy(filePath, source)).length > 0;
}

async function pathFromOwnLocation(filePath: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.some((m) => m.ruleId === 'no-restricted-syntax');
}

describe('import boundaries', () => {
  it.each([
    ['a server module importing another module', 'src/server/modules/tasks/example.ts', "import { x } from '../projects/service';"],
    ['a server module importing the templates service', 'src/server/modules/projects/example.ts', "import { x } from '../templates/service';"],
    ['platform importing a module', 'src/server/platform/example.ts', "import { x } from '../modules/sharing/routes';"],
    ['platform importing a shared service', 'src/server/platform/example.ts', "import { x } from '../services/inbox';"],
    ['a module importing the demo seed (issue 47: dev/ is for app.ts and the scripts)', 'src/server/modules/tasks/example.ts', "import { x } from '../../dev/demo/seed';"],
    ['a shared service importing the dev mailbox', 'src/server/services/example.ts', "import { x } from '@/server/dev/mailbox/service';"],
    ['a shared service importing a module', 'src/server/services/example.ts', "import { x } from '../modules/tasks/service';"],
    // Issue 47 (decision 043): tables belong to their modules.
    ["a server module importing another module's tables", 'src/server/modules/tasks/example.ts', "import { x } from '../projects/schema';"],
    ["a server module importing another module's tables by the alias", 'src/server/modules/reports/example.ts', "import { x } from '@/server/modules/time/schema';"],
    ["platform importing a module's tables", 'src/server/platform/db/example.ts', "import { x } from '../../modules/inbox/schema';"],
    ["a module's schema.ts importing another module's code", 'src/server/modules/tasks/schema.ts', "import { x } from '../projects/service';"],
    ['domain importing node I/O', 'src/domain/example.ts', "import { x } from 'node:fs';"],
    ['domain importing React', 'src/domain/example.ts', "import { x } from 'react';"],
    ['domain importing the server', 'src/domain/example.ts', "import { x } from '../server/platform/errors';"],
    ['web code importing server code', 'src/web/features/tasks/example.ts', "import { x } from '@/server/platform/errors';"],
    ['a shared component importing a feature', 'src/web/components/example.tsx', "import { x } from '@/web/features/tasks/api';"],
    ['lib importing a feature', 'src/web/lib/example.ts', "import { x } from '../features/tasks/api';"],
    ["a feature importing another feature's components", 'src/web/features/projects/components/example.tsx', "import { x } from '@/web/features/templates/components/templates-tab';"],
    ["a feature importing another feature's files by a relative path", 'src/web/features/projects/components/example.tsx', "import { x } from '../../templates/texts';"],
  ])('refuses %s', async (_, filePath, source) => {
    expect(await restricted(filePath, source)).toBe(true);
  });

  it.each([
    ['a module importing platform', 'src/server/modules/tasks/example.ts', "import { x } from '../../platform/errors';"],
    ['a module importing the shared services', 'src/server/modules/tasks/example.ts', "import { x } from '../../services/project-access/link';"],
    ['a shared service importing platform and domain', 'src/server/services/example.ts', "import { x } from '../platform/errors';\nimport { y } from '../../domain/sharing';\nexport const z = y;"],
    ['a module importing domain', 'src/server/modules/tasks/example.ts', "import { x } from '../../../domain/tasks';"],
    ['a module importing its own files', 'src/server/modules/tasks/example.ts', "import { x } from './service';"],
    ['projects reading a template through templates/public', 'src/server/modules/projects/example.ts', "import { x } from '../templates/public';"],
    ["a module joining on another module's table through its public.ts", 'src/server/modules/tasks/example.ts', "import { x } from '../projects/public';"],
    ["a module's schema.ts naming another module's table for a foreign key", 'src/server/modules/tasks/schema.ts', "import { x } from '../projects/schema';"],
    ["a shared service naming a module's table", 'src/server/services/example.ts', "import { x } from '../modules/activity/schema';"],
    ['a server test reading any table', 'src/server/platform/example.test.ts', "import { x } from '../modules/tasks/schema';"],
    ['platform importing platform and domain', 'src/server/platform/example.ts', "import { x } from '../../domain/sharing';"],
    ['domain importing zod and other domain rules', 'src/domain/example.ts', "import { x } from 'zod';\nimport { y } from './roles';\nexport const z = y;"],
    // Issue 47: refused by the spelling rules these replaced, though nothing crosses a line.
    ['domain importing another domain file by the alias', 'src/domain/example.ts', "import { x } from '@/domain/roles';"],
    ["a feature importing another feature's api.ts with its extension", 'src/web/features/projects/components/example.tsx', "import { x } from '../../clients/api.ts';"],
    ['projects importing templates/public.ts with its extension', 'src/server/modules/projects/example.ts', "import { x } from '../templates/public.ts';"],
    ["a feature importing another feature's api", 'src/web/features/projects/components/example.tsx', "import { x } from '@/web/features/clients/api';"],
    ['a feature importing its own files', 'src/web/features/projects/components/example.tsx', "import { x } from '../api';\nimport { y } from '@/web/features/projects/components/project-card';\nexport const z = y;"],
    ['the app composing features', 'src/web/app/pages/example.tsx', "import { x } from '@/web/features/templates/components/templates-tab';"],
    ['a feature importing domain and shared components', 'src/web/features/tasks/example.ts', "import { x } from '@/domain/tasks';\nimport { y } from '@/web/components/ui/button';\nexport const z = y;"],
  ])('allows %s', async (_, filePath, source) => {
    expect(await restricted(filePath, source)).toBe(false);
  });
});

// Issue 28: the boundaries judged on the file an import resolves to, whatever its spelling (an
// outside review found 5 of 15 kinds of crossing passing the spelling rules alone).
describe('import boundaries on the resolved file', () => {
  it.each([
    ['module -> module, by the alias', 'src/server/modules/tasks/example.ts', "import { x } from '@/server/modules/projects/service';"],
    ['module -> module, relative', 'src/server/modules/tasks/example.ts', "import { x } from '../projects/service';"],
    ['module -> module, up and down again', 'src/server/modules/tasks/example.ts', "import { x } from '../../modules/projects/service';"],
    ['module -> module, through ./..', 'src/server/modules/tasks/example.ts', "import { x } from './../projects/service';"],
    ["module -> another module's files beside its public.ts", 'src/server/modules/projects/example.ts', "import { x } from '@/server/modules/templates/service';"],
    ['platform -> module, by the alias', 'src/server/platform/example.ts', "import { x } from '@/server/modules/sharing/routes';"],
    ['platform -> module, relative', 'src/server/platform/auth/example.ts', "import { x } from '../../modules/sharing/routes';"],
    ['platform -> shared services, by the alias', 'src/server/platform/example.ts', "import { x } from '@/server/services/inbox';"],
    ['shared services -> module, up and down again', 'src/server/services/project-access/example.ts', "import { x } from '../../modules/tasks/service';"],
    ['domain -> server, by the alias', 'src/domain/example.ts', "import { x } from '@/server/platform/errors';"],
    ['domain -> web, relative', 'src/domain/example.ts', "import { x } from '../web/lib/api-client';"],
    ['domain -> a file of ours outside src, relative', 'src/domain/example.ts', "import { x } from '../../scripts/command-line';"],
    ['web -> server, relative', 'src/web/features/tasks/example.ts', "import { x } from '../../../server/platform/errors';"],
    ['lib -> feature, by the alias', 'src/web/lib/example.ts', "import { x } from '@/web/features/tasks/api';"],
    ['components -> app, relative', 'src/web/components/example.tsx', "import { x } from '../app/router';"],
    ['feature -> app, by the alias', 'src/web/features/tasks/example.ts', "import { x } from '@/web/app/router';"],
    ["feature -> another feature's texts, through its own folder", 'src/web/features/tasks/components/example.tsx', "import { x } from '@/web/features/tasks/../templates/texts';"],
    ["feature -> another feature's components, relative", 'src/web/features/projects/components/example.tsx', "import { x } from '../../templates/components/templates-tab';"],
    ['lib -> the web test kit, by the alias', 'src/web/lib/example.ts', "import { x } from '@/web/test/api-server';"],
    ['a feature -> the web test kit, relative', 'src/web/features/tasks/components/example.tsx', "import { x } from '../../../test/render-with-providers';"],
  ])('refuses %s', async (_, filePath, source) => {
    expect(await refusedBy(filePath, source)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ["a module's own files, by the alias", 'src/server/modules/tasks/example.ts', "import { x } from '@/server/modules/tasks/service';"],
    ["templates/public.ts, by the alias", 'src/server/modules/projects/example.ts', "import { x } from '@/server/modules/templates/public';"],
    ["another feature's api.ts, relative", 'src/web/features/projects/components/example.tsx', "import { x } from '../../clients/api';"],
    ['the app composing a feature', 'src/web/app/pages/example.tsx', "import { x } from '../../features/templates/components/templates-tab';"],
    ['a component test using the web test kit', 'src/web/features/tasks/components/example.test.tsx', "import { x } from '@/web/test/render-with-providers';"],
    ['the web test kit rendering the app', 'src/web/test/example.tsx', "import { x } from '@/web/app/providers';\nimport { y } from '@/web/features/tasks/api';\nexport const z = y;"],
  ])('allows %s', async (_, filePath, source) => {
    expect(await refusedBy(filePath, source)).toEqual([]);
  });
});

// Issue 28: no loop among runtime imports anywhere in src/ (import-x/no-cycle on the resolved
// files; a type-only import is not a loop at run time). The whole tree passes `npm run lint`.
describe('import loops', () => {
  it('refuses an import that closes a loop', async () => {
    // activity.ts imports roles.ts; roles.ts importing activity.ts back closes the loop.
    const [result] = await eslint.lintText("import { x } from './activity';\nexport const used = x;\n", { filePath: 'src/domain/roles.ts' });
    expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  it('allows a type-only import back', async () => {
    const [result] = await eslint.lintText("import type { X } from './activity';\nexport type Used = X;\n", { filePath: 'src/domain/roles.ts' });
    expect(result!.messages.map((m) => m.ruleId)).not.toContain('import-x/no-cycle');
  });
});

// Issue 26: a fixed '../../../../' from a module's file was right under src/ and wrong under dist/.
describe("the app's own files", () => {
  it.each([
    ['a URL relative to the module', "export const root = new URL('../../../../db/migrations', import.meta.url);"],
    ['the module\'s file path', "import { fileURLToPath } from 'node:url';\nexport const here = fileURLToPath(import.meta.url);"],
    ['import.meta.dirname', 'export const here = import.meta.dirname;'],
    ['__dirname', 'export const here = __dirname;'],
  ])('refuses %s outside app-files.ts', async (_, source) => {
    expect(await pathFromOwnLocation('src/server/platform/backup/example.ts', source)).toBe(true);
  });

  it('allows them in app-files.ts, and module resolution anywhere', async () => {
    expect(await pathFromOwnLocation('src/server/platform/app-files.ts', "import { fileURLToPath } from 'node:url';\nexport const here = fileURLToPath(import.meta.url);")).toBe(false);
    expect(await pathFromOwnLocation('src/server/platform/db/example.ts', "export const where = import.meta.resolve('pg');")).toBe(false);
  });
});

// Issue 47: a web test answers the app's requests with the web test kit (src/web/test), not by
// replacing fetch; api-client.test.ts, which tests the one caller of fetch, is the exception.
describe('web tests and fetch', () => {
  async function syntaxMessages(filePath: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(source, { filePath });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it.each([
    ["vi.stubGlobal('fetch', ...)", "import { vi } from 'vitest';\nvi.stubGlobal('fetch', vi.fn());"],
    ["vi.spyOn(globalThis, 'fetch')", "import { vi } from 'vitest';\nvi.spyOn(globalThis, 'fetch');"],
    ["vi.spyOn(window, 'fetch')", "import { vi } from 'vitest';\nvi.spyOn(window, 'fetch');"],
    ['globalThis.fetch = ...', 'globalThis.fetch = async () => new Response();'],
    ['window.fetch = ...', 'window.fetch = async () => new Response();'],
    ["globalThis['fetch'] = ...", "globalThis['fetch'] = async () => new Response();"],
    ["Object.defineProperty(window, 'fetch', ...)", "Object.defineProperty(window, 'fetch', { value: async () => new Response() });"],
  ])('refuses %s in a web test, pointing to the kit', async (_, source) => {
    const messages = await syntaxMessages('src/web/features/tasks/components/example.test.tsx', source);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('src/web/test/');
  });

  it('still refuses the rules of every source file in a web test', async () => {
    expect(await syntaxMessages('src/web/features/tasks/example.test.ts', "import { format } from 'date-fns';\nexport const f = format;")).toHaveLength(1);
  });

  it("allows the kit, another global's stub, and api-client.test.ts's own fetch", async () => {
    const kit = "import { apiServer, route } from '@/web/test/api-server';\napiServer.use(route('GET', '/api/echo', {}));";
    expect(await syntaxMessages('src/web/features/tasks/components/example.test.tsx', kit)).toEqual([]);
    expect(await syntaxMessages('src/web/lib/example.test.tsx', "import { vi } from 'vitest';\nvi.stubGlobal('WebSocket', class {});")).toEqual([]);
    expect(await syntaxMessages('src/web/lib/api-client.test.ts', "import { vi } from 'vitest';\nvi.stubGlobal('fetch', vi.fn());")).toEqual([]);
  });
});

describe('words in components (issue 48 item 5)', () => {
  const literalStrings = async (filePath: string, source: string) => {
    const [result] = await eslint.lintText(source, { filePath });
    return result!.messages.filter((m) => m.ruleId === 'i18next/no-literal-string').length;
  };

  it.each([
    ['JSX text', '<p>Saved at last</p>'],
    ['an aria-label', '<button aria-label="Close the dialog" />'],
    ['a placeholder', '<input placeholder="Search projects" />'],
    ['a label prop', '<Field label="Full Name" />'],
  ])('refuses %s written in a translated feature', async (_, jsx) => {
    expect(await literalStrings('src/web/features/time/components/example.tsx', `export const Example = () => ${jsx};\n`)).toBe(1);
  });

  it('lets texts through t(), code strings and a part name through', async () => {
    const source = [
      "import { useT } from '@/web/lib/i18n';",
      "import { TIME_TEXTS } from '../texts';",
      'export function Example({ form }: { form: { register: (name: string) => object } }) {',
      "  const t = useT('time');",
      '  return <input className="w-full" type="text" aria-label={t(TIME_TEXTS.noteLabel)} {...form.register(\'note\')} />;',
      '}',
      '',
    ].join('\n');
    expect(await literalStrings('src/web/features/time/components/example.tsx', source)).toBe(0);
  });
});
