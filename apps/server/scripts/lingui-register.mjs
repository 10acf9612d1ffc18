// `tsx --import ./scripts/lingui-register.mjs …` (the dev server, seed:demo, demo:patrol): Lingui's
// macros and catalogues compiled as the modules load (packages/shared/tooling/lingui-hooks.mjs).
// The server's catalogue and the shared package's, the server's config for the macros, and each
// message's English kept in the code, as in the bundle (scripts/build.mjs).
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverConfig = path.join(repoRoot, 'apps/server/lingui.config.ts');
const sharedConfig = path.join(repoRoot, 'packages/shared/lingui.config.ts');

register('../../../packages/shared/tooling/lingui-hooks.mjs', import.meta.url, {
  data: { configPath: serverConfig, catalogConfigPaths: [serverConfig, sharedConfig], stripMessageField: false },
});
