import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own lint configuration, applied to code that is never written to disk: each
// case lints a few lines as if they were a file at `filePath` (docs/architecture.md, "The
// dependency rule").
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
const server = (file: string) => path.join(root, 'apps/server/src', file);

async function restrictedImports(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: server(file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('server module boundaries (eslint.config.js)', () => {
  // Loading the configuration and its parsers takes seconds: once, under the hook's longer timeout.
  beforeAll(async () => {
    await restrictedImports('export const warm = 1;\n', 'lib/warm-up.ts');
  });

  it("refuses a module reaching into another module's repository", async () => {
    const errors = await restrictedImports(
      "import { findUserById } from '../users/users.repository.ts';\nexport const f = findUserById;\n",
      'modules/messages/messages.service.ts',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('through its door');
  });

  it('refuses a module importing another module by a path from the modules folder', async () => {
    const errors = await restrictedImports(
      "import { getPublicSettings } from '../../modules/settings/settings.service.ts';\nexport const f = getPublicSettings;\n",
      'modules/patrols/patrols.service.ts',
    );
    expect(errors).toHaveLength(1);
  });

  it("lets a module through another module's door, and within its own folder", async () => {
    const errors = await restrictedImports(
      "import { findUserById } from '../users/index.ts';\nimport { presentMessage } from './messages.presenter.ts';\nexport const f = [findUserById, presentMessage];\n",
      'modules/messages/messages.service.ts',
    );
    expect(errors).toEqual([]);
  });

  it('refuses a lower layer importing a module, even through its door', async () => {
    for (const file of ['lib/some-helper.ts', 'http/some-guard.ts', 'realtime/some-handler.ts', 'db/some-query.ts', 'adapters/some-sender.ts']) {
      const depth = file.split('/').length - 1;
      const up = '../'.repeat(depth);
      const errors = await restrictedImports(`import { authenticateToken } from '${up}modules/auth/index.ts';\nexport const f = authenticateToken;\n`, file);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]).toContain('import no module');
    }
  });

  it('lets the composition root, tests and demo data reach into modules', async () => {
    const deep = "import { findUserById } from '../users/users.repository.ts';\nexport const f = findUserById;\n";
    expect(await restrictedImports(deep, 'modules/messages/messages.test.ts')).toEqual([]);
    expect(await restrictedImports(deep, 'modules/messages/messages.demo.ts')).toEqual([]);
    const root = "import { userRoutes } from './modules/users/users.routes.ts';\nexport const f = userRoutes;\n";
    expect(await restrictedImports(root, 'app.ts')).toEqual([]);
    expect(
      await restrictedImports("import { messageHandlers } from '../modules/messages/messages.socket.ts';\nexport const f = messageHandlers;\n", 'realtime/domain-bridge.ts'),
    ).toEqual([]);
  });
});
