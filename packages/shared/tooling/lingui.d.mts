import type { Plugin } from 'esbuild';

interface MacroOptions {
  /** The Lingui config the macros compile with. */
  configPath: string;
  /** `false` keeps each message's English in the code; unset, Lingui strips it in production. */
  stripMessageField?: boolean;
}

export const LINGUI_CONFIGS: { web: string; server: string; shared: string };
export const MACRO_IMPORT: RegExp;
export const CATALOG_FILE: RegExp;
export const MACRO_IDS: string[];
export function compileCatalog(file: string, configPaths: string[]): Promise<{ code: string; dependencies: string[] }>;
export function compileMacros(
  code: string,
  filename: string,
  options: MacroOptions & { syntax?: string[] },
): Promise<string>;
export function linguiEsbuildPlugin(options: MacroOptions & { catalogConfigPaths: string[] }): Plugin;
