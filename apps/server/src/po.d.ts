/** A catalogue, compiled when imported (packages/shared/tooling/lingui.mjs; src/lib/i18n.ts loads them). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
