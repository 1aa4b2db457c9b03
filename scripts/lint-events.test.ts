// Issue 47: a server module says what happened with emit(tx, event); the four outlets it used to
// call by hand (activity, news, live change, webhooks) fail the lint there, however spelled.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function refused(filePath: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath });
  return result!.messages.some((m) => m.ruleId === 'import-x/no-restricted-paths');
}

describe("emit's outlets", () => {
  it.each([
    ['the activity outlet', "import { recordActivity as x } from '../../services/outlets/activity';"],
    ['the news outlet, by the alias', "import { deliver as x } from '@/server/services/outlets/notify';"],
    ['the inbox outlet', "import { notifyMember as x } from '../../services/outlets/inbox';"],
    ['the webhook outlet, up and down again', "import { emitWebhookEvent as x } from '../../modules/../services/outlets/webhooks';"],
    ['publishing a live change', "import { publishChange as x } from '../../platform/realtime/publish-change';"],
  ])('refuses a module importing %s', async (_, source) => {
    expect(await refused('src/server/modules/tasks/example.ts', source)).toBe(true);
  });

  it.each([
    ['a module importing emit', 'src/server/modules/tasks/example.ts', "import { emit as x } from '../../services/events';"],
    ["a module reading the live events' shape", 'src/server/modules/live/example.ts', "import type { ChangeEvent as x } from '../../platform/realtime/publisher';"],
    ['a test driving an outlet', 'src/server/modules/webhooks/example.test.ts', "import { emitWebhookEvent as x } from '../../services/outlets/webhooks';"],
    ['platform publishing its own facts', 'src/server/platform/auth/example.ts', "import { publishChange as x } from '../realtime/publish-change';"],
  ])('allows %s', async (_, filePath, source) => {
    expect(await refused(filePath, source)).toBe(false);
  });
});
