// The unused-code check (`knip` in `npm run lint`, configured by knip.config.ts) bites: the repo's
// own config, run on a small copy of the monorepo's layout, passes while everything is used and
// fails on an unused export, an unused file, an unused dependency, an export of @bantay/shared
// that no app uses and a module door's re-export that no other module imports.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const knipBin = path.join(root, 'node_modules/knip/bin/knip.js');

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

/** The layout knip.config.ts names: the workspaces, a server entry, a module and its door. */
const CLEAN = {
  'package.json': json({
    name: 'fixture',
    private: true,
    type: 'module',
    workspaces: ['packages/shared', 'apps/server', 'apps/web', 'e2e'],
  }),
  'packages/shared/package.json': json({
    name: '@bantay/shared',
    private: true,
    type: 'module',
    exports: { '.': './src/index.ts' },
  }),
  'packages/shared/src/index.ts': "export const ROLES = ['admin', 'tanod'] as const;\n",
  'apps/server/package.json': json({
    name: '@bantay/server',
    private: true,
    type: 'module',
    dependencies: { '@bantay/shared': '0.1.0' },
  }),
  'apps/server/src/main.ts': [
    "import { ROLES } from '@bantay/shared';",
    "import { clamp } from './lib/numbers.ts';",
    "import { greet } from './modules/greetings/index.ts';",
    'console.log(ROLES, clamp(5), greet());',
    '',
  ].join('\n'),
  'apps/server/src/lib/numbers.ts':
    'export function clamp(value: number) {\n  return Math.min(Math.max(value, 0), 10);\n}\n',
  'apps/server/src/modules/greetings/index.ts': "export { greet } from './greetings.service.ts';\n",
  'apps/server/src/modules/greetings/greetings.service.ts': "export function greet() {\n  return 'hello';\n}\n",
  'apps/web/package.json': json({ name: '@bantay/web', private: true, type: 'module' }),
  'apps/web/src/sw.ts': 'self.addEventListener("install", () => undefined);\n',
  'e2e/package.json': json({ name: '@bantay/e2e', private: true, type: 'module' }),
};

/** One of each kind of dead code the check must refuse. */
const VIOLATIONS = {
  // An export nothing imports.
  'apps/server/src/lib/numbers.ts':
    'export function clamp(value: number) {\n  return Math.min(Math.max(value, 0), 10);\n}\nexport function double(value: number) {\n  return value * 2;\n}\n',
  // A file nothing imports.
  'apps/server/src/lib/orphan.ts': 'export const orphan = 1;\n',
  // A dependency nothing imports.
  'apps/server/package.json': json({
    name: '@bantay/server',
    private: true,
    type: 'module',
    dependencies: { '@bantay/shared': '0.1.0', 'left-pad': '1.3.0' },
  }),
  // A shared export no app uses.
  'packages/shared/src/index.ts': "export const ROLES = ['admin', 'tanod'] as const;\nexport const STALE_LIMIT = 3;\n",
  // A door re-export no other module imports (the service uses it itself).
  'apps/server/src/modules/greetings/index.ts': "export { greet, farewell } from './greetings.service.ts';\n",
  'apps/server/src/modules/greetings/greetings.service.ts':
    "export function greet() {\n  return `hello ${farewell().length}`;\n}\nexport function farewell() {\n  return 'bye';\n}\n",
};

async function writeTree(dir, files) {
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.join(dir, path.dirname(file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  }
}

/** Runs knip with the repo's config on `dir`: its exit code and its issues, file by file. */
function knip(dir) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        knipBin,
        '--directory',
        dir,
        '--config',
        path.join(root, 'knip.config.ts'),
        '--no-progress',
        '--no-config-hints',
        '--reporter',
        'json',
      ],
      { cwd: dir },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        try {
          resolve({ code: error ? error.code : 0, issues: JSON.parse(stdout).issues });
        } catch {
          reject(new Error(`knip printed no JSON report:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}

const names = (issues, file, kind) =>
  (issues.find((issue) => issue.file === file)?.[kind] ?? []).map((item) => item.name);

describe('knip (npm run lint)', () => {
  let dir;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-knip-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('passes when every file, export and dependency is used', async () => {
    await writeTree(dir, CLEAN);
    const { code, issues } = await knip(dir);
    expect(
      issues.filter((issue) => Object.values(issue).some((list) => Array.isArray(list) && list.length > 0)),
    ).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);

  it('fails on an unused export, file, dependency, shared export and door re-export', async () => {
    await writeTree(dir, VIOLATIONS);
    const { code, issues } = await knip(dir);
    expect(code).not.toBe(0);
    expect(names(issues, 'apps/server/src/lib/numbers.ts', 'exports')).toEqual(['double']);
    expect(names(issues, 'apps/server/src/lib/orphan.ts', 'files')).toEqual(['apps/server/src/lib/orphan.ts']);
    expect(names(issues, 'apps/server/package.json', 'dependencies')).toEqual(['left-pad']);
    expect(names(issues, 'packages/shared/src/index.ts', 'exports')).toEqual(['STALE_LIMIT']);
    expect(issues.flatMap((issue) => issue.exports.map((item) => `${issue.file}:${item.name}`))).toContain(
      'apps/server/src/modules/greetings/index.ts:farewell',
    );
  }, 60_000);
});
