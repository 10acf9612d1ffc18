import type { Plugin } from 'vite';

export { LINGUI_CONFIGS } from './lingui.mjs';

export function linguiVitePlugins(options: {
  /** The Lingui config the macros compile with. */
  configPath: string;
  /** The configs whose catalogues the code may import (`.po`). */
  catalogConfigPaths: string[];
  /** `false` keeps each message's English in the code; unset, Lingui strips it in production. */
  stripMessageField?: boolean;
}): Plugin[];
