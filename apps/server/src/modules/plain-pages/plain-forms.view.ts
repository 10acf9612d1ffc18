import { t } from '@lingui/core/macro';
import type { WebModule } from '../../http/web-app.ts';
import { INCIDENT_LIMITS, type Hotline } from '@bantay/shared';
import { incidentTypeLabel } from '../../lib/incident-types.ts';
import type { Locale } from '../../lib/i18n.ts';
import { PLAIN_PATHS, hotlineList, html, otherPages, page, type Html } from './plain-html.ts';
import type { PlainField, PlainFormKind, PlainFormState } from './plain-form.ts';

/**
 * The emergency form and the report form without JavaScript, and the page a sent report answers
 * with. The fields are those of the app's forms that need no script: the type, the purok and a
 * landmark instead of the map, an optional phone number (which gets the ticket by SMS).
 *
 * Where the web build has it, the form pages load a small script that enhances them
 * (apps/web/src/lite/enhance.ts, docs/decisions/033-pages-without-javascript.md): it fills the
 * hidden fields (the phone's position, a solved bot check), shows the position line, sends the form
 * with fetch and, offline, keeps the report on the phone and shows the kept message. The ids and
 * `data-` attributes here are what it reads; without it they are hidden and empty.
 */

/** A place the script can use offline, when it must build the app's report itself. */
interface PagePoint {
  lat: number;
  lng: number;
  accuracy?: number;
}

export interface FormPageModel {
  locale: Locale;
  kind: PlainFormKind;
  barangay: string;
  /** The incident types offered: the emergency ones on the emergency form, every one on the other. */
  types: string[];
  /** The barangay's puroks (its patrol areas), by name, with the point a report from each is put at. */
  areas: { id: string; name: string; middle: PagePoint }[];
  /** Where a report naming no purok is put (place.ts). */
  middle: PagePoint;
  hotlines: Hotline[];
  state: PlainFormState;
  /** A blank form (a GET), not one shown again after a refusal: the script gives a cached one a new id. */
  fresh: boolean;
  /**
   * A bot-check challenge for the script to solve at once (JSON), on a blank form served by the
   * server: it saves the round trip of asking for one, half a second on slow 3G.
   */
  challenge?: string;
  /** The enhancing script's address in the web build, when it has one. */
  script: WebModule | undefined;
}

/** `data-lat`, `data-lng` (and `data-accuracy`, the point's reach) of a point; 6 decimals are 0.1 m. */
function pointData(point: PagePoint): Html {
  const accuracy = point.accuracy === undefined ? html`` : html` data-accuracy="${point.accuracy}"`;
  return html` data-lat="${Number(point.lat.toFixed(6))}" data-lng="${Number(point.lng.toFixed(6))}"${accuracy}`;
}

/** The message under a field, tied to it for screen readers. */
function fieldError(state: PlainFormState, name: PlainField): Html {
  const message = state.errors[name];
  return message ? html`<p class="e" id="${name}-error">${message}</p>` : html``;
}

/** `aria-invalid` and `aria-describedby` for a field with an error. */
function invalid(state: PlainFormState, name: PlainField): Html {
  return state.errors[name] ? html` aria-invalid="true" aria-describedby="${name}-error"` : html``;
}

const checked = (on: boolean) => (on ? html` checked` : html``);
const selected = (on: boolean) => (on ? html` selected` : html``);

function typeRadios(model: FormPageModel, legend: string): Html {
  const { state } = model;
  return html`<fieldset class="c"${invalid(state, 'type')}><legend>${legend}</legend>${fieldError(state, 'type')}${model.types.map(
    (name, index) =>
      html`<label><input type="radio" id="type-${index}" name="type" value="${name}"${checked(state.values.type === name)}>${incidentTypeLabel(name)}</label>`,
  )}</fieldset>`;
}

function typeSelect(model: FormPageModel, label: string): Html {
  const { state } = model;
  return html`<label class="l" for="type">${label}</label>${fieldError(state, 'type')}<select class="f" id="type" name="type"${invalid(state, 'type')}><option value="">${t`Choose the type`}</option>${model.types.map(
    (name) => html`<option value="${name}"${selected(state.values.type === name)}>${incidentTypeLabel(name)}</option>`,
  )}</select>`;
}

/** The purok (when the barangay has drawn any) and the landmark. */
function whereFields(model: FormPageModel, heading: string): Html {
  const { state, areas } = model;
  const areaSelect =
    areas.length === 0
      ? html``
      : html`<label class="l" for="area">${t`Your purok`}</label>${fieldError(state, 'area')}<select class="f" id="area" name="area"${invalid(state, 'area')}><option value="">${t`Not sure`}</option>${areas.map(
          (area) => html`<option value="${area.id}"${pointData(area.middle)}${selected(state.values.area === area.id)}>${area.name}</option>`,
        )}</select>`;
  return html`<h2>${heading}</h2>${positionLine()}${areaSelect}<label class="l" for="landmark">${t`Landmark`}</label><p class="h" id="landmark-hint">${t`A house, a store, a street corner near you.`}</p>${fieldError(state, 'landmark')}<input class="f" type="text" id="landmark" name="landmark" maxlength="${INCIDENT_LIMITS.landmarkMaxLength}" value="${state.values.landmark}" aria-describedby="landmark-hint${state.errors.landmark ? ' landmark-error' : ''}"${state.errors.landmark ? html` aria-invalid="true"` : html``}>`;
}

/** The position line, which the script fills with the text for where its search stands. */
function positionLine(): Html {
  return html`<p id="position" class="h" hidden data-finding="${t`Finding your position…`}" data-set="${t`Your position is set. You can still choose your purok.`}" data-failed="${t`Your position could not be found. Choose your purok or write a landmark.`}"></p>`;
}

/** What the script shows when it kept the report on the phone for want of a signal. */
function keptMessage(): Html {
  return html`<div id="kept" class="ok" role="status" hidden><p><strong>${t`Saved on this phone.`}</strong> ${t`It will be sent as soon as there is a signal, even if you close this page.`}</p><p>${t`If you can, call a hotline now.`}</p></div>`;
}

/** The form's opening tag and its hidden fields: its id, and the ones the script fills in (plain-form.ts `PostedForm`). */
function formStart(model: FormPageModel): Html {
  const fresh = model.fresh ? html` data-fresh` : html``;
  const challenge = model.challenge ? html` data-challenge="${model.challenge}"` : html``;
  return html`${keptMessage()}
<form method="post" action="${PLAIN_PATHS[model.kind]}" id="plain-form"${pointData(model.middle)}${fresh}${challenge}><input type="hidden" name="form" value="${model.state.values.formId}"><input type="hidden" name="lat"><input type="hidden" name="lng"><input type="hidden" name="accuracy"><input type="hidden" name="botCheck">`;
}

function phoneField(state: PlainFormState, label: string): Html {
  return html`<label class="l" for="phone">${label}</label><p class="h" id="phone-hint">${t`We text you the ticket.`}</p>${fieldError(state, 'phone')}<input class="f" id="phone" name="phone" type="tel" autocomplete="tel" maxlength="32" value="${state.values.phone}" aria-describedby="phone-hint${state.errors.phone ? ' phone-error' : ''}"${state.errors.phone ? html` aria-invalid="true"` : html``}>`;
}

function alertBox(state: PlainFormState): Html {
  return state.alert ? html`<p class="a" role="alert">${state.alert}</p>` : html``;
}

export function formPage(model: FormPageModel): string {
  const { state, kind } = model;
  const emergency = kind === 'emergency';
  const body = emergency
    ? html`<h1 class="em">${t`Emergency report`}</h1><p>${t`Alerts the tanods on duty and the barangay at once.`}${model.hotlines.length > 0 ? html` <a href="#hotlines">${t`Or call a hotline`}</a>` : ''}</p>${alertBox(state)}${formStart(model)}${typeRadios(model, t`1. What is happening?`)}${whereFields(model, t`2. Where are you?`)}
<label class="l" for="description">${t`3. Anything else? (optional)`}</label>${fieldError(state, 'description')}<input class="f" type="text" id="description" name="description" maxlength="${INCIDENT_LIMITS.descriptionMaxLength}" value="${state.values.description}"${invalid(state, 'description')}>
${phoneField(state, t`Your phone number (optional)`)}
<button type="submit">${t`Send emergency report`}</button></form>
${hotlineList(model.hotlines, t`Call for help`)}<h2>${t`Not urgent?`}</h2>${otherPages('emergency')}`
    : html`<h1>${t`Report an incident`}</h1><p>${t`Tell us what happened and where. No account needed.`}</p>${alertBox(state)}${formStart(model)}${typeSelect(model, t`What happened?`)}
<label class="l" for="description">${t`Describe what happened`}</label>${fieldError(state, 'description')}<textarea class="f" id="description" name="description" rows="4" maxlength="${INCIDENT_LIMITS.descriptionMaxLength}"${invalid(state, 'description')}>${state.values.description}</textarea>
${whereFields(model, t`Where did it happen?`)}
${phoneField(state, t`Your phone number (optional)`)}
<button type="submit">${t`Send report`}</button></form>
${hotlineList(model.hotlines, t`Hotlines`)}<h2>${t`Something else?`}</h2>${otherPages('report')}`;
  const title = emergency ? t`Emergency` : t`Report an incident`;
  return page({ locale: model.locale, title, barangay: model.barangay, path: PLAIN_PATHS[kind], tone: emergency ? 'em' : undefined, script: model.script, body });
}

export interface SentPageModel {
  locale: Locale;
  kind: PlainFormKind;
  barangay: string;
  ticket: string;
  /** The phone number given, when there was one: the ticket goes there by SMS too. */
  phoneGiven: boolean;
  hotlines: Hotline[];
}

/** What a sent report answers with: the ticket, where to follow it, and the hotlines. */
export function sentPage(model: SentPageModel): string {
  const emergency = model.kind === 'emergency';
  const statusLink = `${PLAIN_PATHS.ticket}?ticket=${encodeURIComponent(model.ticket)}`;
  const body = html`<h1${emergency ? html` class="em"` : ''}>${emergency ? t`Emergency report sent` : t`Report sent`}</h1>
<div class="ok" role="status"><p>${t`Your ticket:`}</p><p class="t" id="ticket" data-testid="ticket">${model.ticket}</p><p>${t`Write it down or take a screenshot: it is how you follow your report.`}</p></div>
${emergency ? html`<p><strong>${t`The tanods on duty have been alerted.`}</strong> ${t`If you can, call a hotline too.`}</p>` : html`<p>${t`The barangay will look at it. Check its status with your ticket.`}</p>`}
${model.phoneGiven ? html`<p>${t`We also sent the ticket to your phone by SMS.`}</p>` : ''}
<p><a href="${statusLink}">${t`See its status`}</a></p>
${hotlineList(model.hotlines, emergency ? t`Call for help` : t`Hotlines`)}
<h2>${t`Something else?`}</h2><ul><li><a href="${PLAIN_PATHS[model.kind]}">${emergency ? t`Report another emergency` : t`Report another incident`}</a></li><li><a href="/">${t`Home`}</a></li></ul>`;
  return page({
    locale: model.locale,
    title: emergency ? t`Emergency report sent` : t`Report sent`,
    barangay: model.barangay,
    path: PLAIN_PATHS[model.kind],
    tone: emergency ? 'em' : undefined,
    body,
  });
}
