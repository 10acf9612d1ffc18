import { setupI18n, type MessageDescriptor } from '@lingui/core';

/**
 * How the shared package speaks the language in use (decision 029). Its messages are marked with
 * Lingui's `msg` macro (compiled by whoever bundles the package) and translated when they are
 * shown, by a translator each app sets once: the web its `i18n._` (the language on screen,
 * apps/web/src/lib/i18n.ts), the server the language of the request it is answering
 * (apps/server/src/lib/i18n.ts). Their English lives in packages/shared/src/locales.
 *
 *   import { msg } from '@lingui/core/macro';
 *   z.string(zodMessage(msg`Address is required`)).min(1, zodMessage(msg`Address is required`))
 *   ctx.addIssue({ code: 'custom', path: ['to'], message: translate(msg`To must be after from`) })
 *   .min(1, fieldMessage(msg`First name`, (label) => msg`${label} is required`))  // "{label} is required"
 *
 * Never `t` in this package, and never a translation at module level: a constant would keep the
 * language of the moment it was made.
 */
export type { MessageDescriptor };

export type SharedTranslator = (message: MessageDescriptor) => string;

/** The English as written, until an app sets its translator (the package's own tests). */
const asWritten = setupI18n({ locale: 'en', messages: { en: {} } });
let translator: SharedTranslator = (message) => asWritten._(message);

export function setSharedTranslator(next: SharedTranslator): void {
  translator = next;
}

/** A message in the language in use now. */
export function translate(message: MessageDescriptor): string {
  return translator(message);
}

/**
 * A zod error parameter whose message is translated when the check fails, in the language in use
 * then: `.min(1, zodMessage(msg`…`))`, `z.enum(VALUES, zodMessage(msg`…`))`, or spread among other
 * parameters: `z.iso.datetime({ offset: true, ...zodMessage(msg`…`) })`.
 */
export function zodMessage(message: MessageDescriptor): { error: () => string } {
  return { error: () => translator(message) };
}

/**
 * A zod error parameter for a message that names its field by a label, both translated when the
 * check fails: `fieldMessage(field, (label) => msg`${label} is required`)`, where `field` is the
 * field's `msg`-marked name (`msg`First name``), or the API's own name for it (`'from'`), which
 * stays as written. The message reads "{label} is required".
 */
export function fieldMessage(field: FieldLabel, message: (label: string) => MessageDescriptor): { error: () => string } {
  return { error: () => translator(message(typeof field === 'string' ? field : translator(field))) };
}

/** A field as a message names it: words for people (`msg`-marked), or the API's name as written. */
export type FieldLabel = MessageDescriptor | string;

/**
 * Labels (a value's words for people) read in the language in use: an object whose properties
 * translate when read, so `LABELS[key]` stays a string for its readers. Read them when showing
 * them (during a render, while answering a request), never into a module-level constant.
 */
export function translatedLabels<Key extends string>(
  messages: Record<Key, MessageDescriptor>,
): Readonly<Record<Key, string>> {
  const labels = {} as Record<Key, string>;
  for (const key of Object.keys(messages) as Key[]) {
    Object.defineProperty(labels, key, { enumerable: true, get: () => translator(messages[key]) });
  }
  return Object.freeze(labels);
}

/**
 * A list of words (a CSV file's column names) read in the language in use, like `translatedLabels`:
 * each entry translates when read, so the list is one language throughout when read at once.
 */
export function translatedList(messages: readonly MessageDescriptor[]): readonly string[] {
  const list: string[] = [];
  messages.forEach((message, index) => {
    Object.defineProperty(list, index, { enumerable: true, get: () => translator(message) });
  });
  return Object.freeze(list);
}

/**
 * The macro `t`'s `i18n` on the server (apps/server/lingui.config.ts `runtimeConfigModule`): `t`
 * there answers in the language of the request, through the translator the server set.
 * @public The compiled macros import it, which knip (knip.config.ts) cannot see in the source.
 */
export const i18n = {
  _: (message: MessageDescriptor): string => translator(message),
};
