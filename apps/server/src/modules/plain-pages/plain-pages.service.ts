import { msg, t } from '@lingui/core/macro';
import type { WebModule } from '../../http/web-app.ts';
import { createIncidentRequestSchema, normalizeTicket, type CreateIncidentRequest, type PublicSettings, type ReportLocation } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { AddressCount } from '../../http/public-guards.ts';
import { AppError } from '../../lib/app-error.ts';
import { translate, type Locale } from '../../lib/i18n.ts';
import type { RequestMeta } from '../auth/index.ts';
import { createBotCheckChallenge, verifyBotCheck } from '../bot-check/index.ts';
import { lookUpTicket, reportIncident } from '../incidents/index.ts';
import { listActivePatrolAreas } from '../patrol-areas/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { emergencyTypes } from './emergency-types.ts';
import { areaMiddle, barangayMiddle } from './place.ts';
import { blankForm, readPostedForm, type PlainField, type PlainFormKind, type PlainFormState, type PlainFormValues, type PostedForm } from './plain-form.ts';
import { formPage, sentPage } from './plain-forms.view.ts';
import { PLAIN_PATHS } from './plain-html.ts';
import { problemPage, ticketPage } from './plain-ticket.view.ts';
import type { PostOrigin } from './request-origin.ts';

/**
 * The pages without JavaScript (docs/decisions/033-pages-without-javascript.md): an emergency form,
 * a report form and the ticket lookup, rendered on the server in the visitor's language. A sent
 * form goes through incidents' door, the same `reportIncident` as the app's report, so the same
 * rules hold; what differs is said to it: no bot check (there is no script to solve one; the report
 * is marked so for staff) and a tighter per-address count, past which an emergency still gets in
 * as part of a burst and any other report is refused.
 *
 * Where script runs, the form pages are also the fast emergency page for everyone: their script
 * (apps/web/src/lite/enhance.ts) fills in hidden fields. A position from the phone is the report's
 * place; a bot check that verifies makes it an ordinary web report. Neither ever refuses a report:
 * a person cannot see, let alone correct, a hidden field.
 */

export interface PlainPage {
  status: number;
  html: string;
}

/** How a post's bot check stood (incidents' `ReportContext.pageBotCheck`): none or a failed one, or one that verified. */
type PageBotCheck = 'absent' | 'verified';

export interface PlainPost {
  locale: Locale;
  meta: RequestMeta;
  /** Where the browser says the post came from (request-origin.ts). */
  origin: PostOrigin;
  /**
   * Counts the post against its address's hourly limit (plain-pages.routes.ts): with a bot check
   * that verified, the app's reports' limit; without, these forms' tighter one.
   */
  countAddress: (botCheck: PageBotCheck) => Promise<AddressCount>;
  /** The enhancing script's address in the web build, when it has one (plain-forms.view.ts). */
  script: WebModule | undefined;
}

/** Stands in for the bot check the schema asks of the app's report; `pageBotCheck` means it is never read. */
const NO_BOT_CHECK = 'sent-without-bot-check';

async function barangayOf(deps: AppDeps) {
  const [settings, areas] = await Promise.all([getPublicSettings(deps), listActivePatrolAreas(deps.db)]);
  return { settings, areas };
}

type Barangay = Awaited<ReturnType<typeof barangayOf>>;

function typesFor(kind: PlainFormKind, settings: PublicSettings): string[] {
  return kind === 'emergency' ? emergencyTypes(settings.incidentTypes) : settings.incidentTypes.map((type) => type.name);
}

interface FormRender {
  kind: PlainFormKind;
  locale: Locale;
  script: WebModule | undefined;
}

function renderForm(form: FormRender, barangay: Barangay, state: PlainFormState, fresh: boolean, challenge?: string): string {
  const { settings, areas } = barangay;
  return formPage({
    locale: form.locale,
    kind: form.kind,
    barangay: settings.name,
    types: typesFor(form.kind, settings),
    // Each purok's point and the barangay's, as a report would be put there: the script builds
    // the app's report from them when it keeps one offline.
    areas: areas.map((area) => ({ id: area.id, name: area.name, middle: areaMiddle(area, settings) })),
    middle: barangayMiddle(settings),
    hotlines: settings.hotlines,
    state,
    fresh,
    challenge,
    script: form.script,
  });
}

/** `GET /lite/emergency`, `GET /lite/report`: a blank form with a new form id. */
export async function showForm(deps: AppDeps, form: FormRender): Promise<string> {
  // With the script, a challenge to solve comes with the page (src/lite/enhance.ts); a check
  // without one (another provider) or one that fails leaves the script to ask, as it would anyway.
  const challenge = form.script ? await createBotCheckChallenge(deps).catch(() => undefined) : undefined;
  return renderForm(form, await barangayOf(deps), blankForm(), true, challenge && JSON.stringify(challenge));
}

/** The place the person named: the chosen purok's middle, or the barangay's when none is chosen (place.ts). */
function namedPlace(values: PlainFormValues, barangay: Barangay): ReportLocation {
  const area = barangay.areas.find((candidate) => candidate.id === values.area);
  return area ? areaMiddle(area, barangay.settings) : barangayMiddle(barangay.settings);
}

/** The form's fields as the app's report (the shared schema's shape), at the phone's position or the place named. */
function reportRequest(kind: PlainFormKind, posted: PostedForm, barangay: Barangay, now: Date): CreateIncidentRequest {
  const { values } = posted;
  const area = barangay.areas.find((candidate) => candidate.id === values.area);
  return {
    type: values.type,
    classification: kind === 'emergency' ? 'emergency' : 'normal',
    description: values.description,
    occurredAt: now.toISOString(),
    location: posted.position ?? namedPlace(values, barangay),
    landmark: values.landmark,
    address: area?.name,
    reporterPhone: values.phone,
    photoIds: [],
    botCheck: NO_BOT_CHECK,
    clientId: values.formId,
  };
}

/** Which of the form's fields a rule's field names (the schema's and the service's names). */
function formFieldOf(field: string, hasAreas: boolean): PlainField | null {
  const head = field.split('.')[0];
  if (head === 'type' || head === 'description' || head === 'landmark') return head;
  if (head === 'reporterPhone') return 'phone';
  if (head === 'location' || head === 'address') return hasAreas ? 'area' : 'landmark';
  return null;
}

/** The checks only these forms have: the purok is one of the list, and the place is known: the phone's position, or named. */
function whereErrors(posted: PostedForm, barangay: Barangay): PlainFormState['errors'] {
  const { values } = posted;
  const hasAreas = barangay.areas.length > 0;
  if (values.area && !barangay.areas.some((area) => area.id === values.area)) return { area: t`Choose a purok from the list` };
  if (!posted.position && !values.area && !values.landmark.trim()) {
    return hasAreas ? { area: t`Choose your purok or write a landmark` } : { landmark: t`Write a landmark so the tanods can find you` };
  }
  return {};
}

/**
 * The form's bot check, solved by the page's script: one that verifies is spent here, once, since
 * which address count the report goes against depends on it (incidents does not verify it again).
 * One that does not verify (expired, used, garbage, or the bot check's service down) refuses
 * nothing: the report goes on as one sent without script, marked for staff and counted tighter.
 */
async function botCheckOf(deps: AppDeps, payload: string, ip: string | null): Promise<PageBotCheck> {
  if (!payload) return 'absent';
  try {
    await verifyBotCheck(deps, payload, ip);
    return 'verified';
  } catch (error) {
    if (error instanceof AppError) return 'absent';
    throw error;
  }
}

/** Whether incidents refused the report's place (`location`: outside the boundary, incidents.service.ts). */
function refusesPlace(error: unknown): boolean {
  return error instanceof AppError && (error.options.fields ?? []).some((field) => field.field.split('.')[0] === 'location');
}

/**
 * `POST /lite/emergency`, `POST /lite/report`. A refused form comes back with its values and a
 * message next to each field at fault (400), or above it for a limit (429); a sent one answers
 * with its ticket and the hotlines (201). The same form sent again answers the same ticket
 * (its form id is the report's `clientId`).
 */
export async function sendForm(deps: AppDeps, kind: PlainFormKind, body: unknown, post: PlainPost): Promise<PlainPage> {
  if (post.origin === 'other') throw new AppError('FORBIDDEN', msg`This form was sent from another website. Open the form on this site and send it again.`);
  const barangay = await barangayOf(deps);
  const posted = readPostedForm(body);
  const { values } = posted;
  const hasAreas = barangay.areas.length > 0;
  const refused = (errors: PlainFormState['errors'], alert?: string, status = 400): PlainPage => ({
    status,
    html: renderForm({ kind, locale: post.locale, script: post.script }, barangay, { values, errors, alert }, false),
  });

  const request = reportRequest(kind, posted, barangay, deps.clock.now());
  const parsed = createIncidentRequestSchema.safeParse(request);
  const errors = whereErrors(posted, barangay);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = formFieldOf(issue.path.map(String).join('.'), hasAreas);
      if (name) errors[name] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return refused(errors);
  if (!parsed.success) return refused({}, t`The report could not be sent. Please check the form and try again.`);

  const botCheck = await botCheckOf(deps, posted.botCheck, post.meta.ip);
  const context = { actor: null, deviceId: undefined, meta: post.meta, countAddress: () => post.countAddress(botCheck), pageBotCheck: botCheck };
  // The place the person named, when the rules refuse the phone's position (a phone just outside
  // the boundary, or one whose fix is off): the report is not lost for a field nobody can see.
  const named = posted.position && (values.area || values.landmark.trim()) ? { ...parsed.data, location: namedPlace(values, barangay) } : undefined;
  try {
    const { ticket } = await reportIncident(deps, parsed.data, context).catch((error: unknown) => {
      // Sent once more: a refused place is decided before the address is counted (incidents.service.ts), so it counts once.
      if (named && refusesPlace(error)) return reportIncident(deps, named, context);
      throw error;
    });
    return {
      status: 201,
      html: sentPage({ locale: post.locale, kind, barangay: barangay.settings.name, ticket, phoneGiven: Boolean(request.reporterPhone?.trim()), hotlines: barangay.settings.hotlines }),
    };
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    if (error.code === 'RATE_LIMITED') return refused({}, translate(error.text), 429);
    if (posted.position && refusesPlace(error)) {
      const name = barangay.settings.name;
      return refused(
        hasAreas
          ? { area: t`Your position is outside ${name}. Choose your purok or write a landmark.` }
          : { landmark: t`Your position is outside ${name}. Write a landmark so the tanods can find you.` },
      );
    }
    const fieldErrors: PlainFormState['errors'] = {};
    for (const field of error.options.fields ?? []) {
      const name = formFieldOf(field.field, hasAreas);
      if (name) fieldErrors[name] ??= translate(field.message);
    }
    if (Object.keys(fieldErrors).length > 0) return refused(fieldErrors, undefined, error.status);
    return refused({}, translate(error.text), error.status);
  }
}

/** `GET /lite/ticket`, `GET /lite/ticket?ticket=…`: the lookup form, and the report's public status under it. */
export async function showTicket(
  deps: AppDeps,
  typed: string | undefined,
  locale: Locale,
  countLookup: () => Promise<AddressCount>,
): Promise<PlainPage> {
  const settings = await getPublicSettings(deps);
  const frame = { locale, barangay: settings.name, timeZone: settings.timezone, hotlines: settings.hotlines, typed: typed ?? '' };
  if (!typed?.trim()) return { status: 200, html: ticketPage(frame) };
  if ((await countLookup()).over) {
    return { status: 429, html: ticketPage({ ...frame, error: t`Too many ticket lookups from this device. Please try again later.` }) };
  }
  try {
    const result = await lookUpTicket(deps, typed);
    return { status: 200, html: ticketPage({ ...frame, typed: normalizeTicket(typed) ?? typed, result }) };
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return { status: error.status, html: ticketPage({ ...frame, error: translate(error.text) }) };
  }
}

/** Anything else that went wrong on these pages, as a page with the hotlines (never the API's JSON). */
export async function showProblem(deps: AppDeps, error: unknown, path: string, locale: Locale): Promise<PlainPage> {
  // Fastify's own refusals (a body that is not a form, too large) carry a 4xx statusCode.
  const frameworkStatus = (error as { statusCode?: unknown } | null)?.statusCode;
  const status = error instanceof AppError ? error.status : typeof frameworkStatus === 'number' && frameworkStatus >= 400 && frameworkStatus < 500 ? frameworkStatus : 500;
  const message =
    status >= 500
      ? t`Something went wrong on our side. Please call a hotline if this is urgent, or try again.`
      : error instanceof AppError
        ? translate(error.text)
        : t`The form could not be read. Open it again and send it.`;
  // The settings come from memory; if even they fail, the page still says what to do.
  const settings = await getPublicSettings(deps).catch(() => null);
  const known = Object.values(PLAIN_PATHS).find((candidate) => candidate === path) ?? '/';
  return { status, html: problemPage({ locale, barangay: settings?.name ?? 'Bantay', hotlines: settings?.hotlines ?? [], message, path: known }) };
}
