import { t } from '@lingui/core/macro';
import type { Hotline, PublicTicket, PublicTimelineEntry } from '@bantay/shared';
import { incidentTypeLabel } from '../../lib/incident-types.ts';
import type { Locale } from '../../lib/i18n.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import { incidentStatusWord } from '../../lib/incident-status.ts';
import { PLAIN_PATHS, hotlineList, html, otherPages, page, type Html } from './plain-html.ts';

/** The ticket lookup without JavaScript: a form that GETs its own page, and the report's public status. */


/** A timeline line, as the app's ticket page words it (apps/web/src/features/report/TicketLookup.tsx). */
function timelineText(entry: PublicTimelineEntry): string {
  const reason = entry.reason;
  switch (entry.kind) {
    case 'reported':
      return t`Reported`;
    case 'responding': {
      const name = entry.tanodFirstName;
      return name ? t`${name} is responding` : t`A tanod is responding`;
    }
    case 'requeued':
      return t`Back in the queue, waiting for another tanod`;
    case 'resolved':
      return t`Resolved`;
    case 'rejected':
      return reason ? t`Rejected: ${reason}` : t`Rejected`;
    case 'false_alarm':
      return reason ? t`Marked as a false alarm: ${reason}` : t`Marked as a false alarm`;
    case 'rated':
      return t`The reporter rated the response`;
  }
}

export interface TicketPageModel {
  locale: Locale;
  barangay: string;
  timeZone: string;
  hotlines: Hotline[];
  /** What was typed, shown back in the field. */
  typed: string;
  /** The message under the field (no such ticket, too many lookups). */
  error?: string;
  result?: PublicTicket;
}

function resultOf(result: PublicTicket, model: TicketPageModel): Html {
  const when = (at: string) => formatInZone(model.timeZone, new Date(at), 'MMM d, yyyy, h:mm a', model.locale);
  const { location } = result;
  const place = [location.address, location.landmark].filter(Boolean).join(' · ');
  const approximate = location.approximate;
  const lat = approximate?.lat.toFixed(3) ?? '';
  const lng = approximate?.lng.toFixed(3) ?? '';
  const status = incidentStatusWord(result.status);
  return html`<section class="ok" aria-labelledby="ticket"><h2 class="t" id="ticket">${result.ticket}</h2><dl>
<dt>${t`Status`}</dt><dd id="status">${status}</dd>
<dt>${t`Type`}</dt><dd>${incidentTypeLabel(result.type)}</dd>
<dt>${t`Urgency`}</dt><dd>${result.classification === 'emergency' ? html`<strong class="em">${t`Emergency`}</strong>` : t`Normal`}</dd>
<dt>${t`Reported`}</dt><dd>${when(result.reportedAt)}</dd>
<dt>${t`Location`}</dt><dd>${place || (approximate ? t`Near ${lat}, ${lng} (approximate)` : t`Not shown`)}</dd></dl>
${result.confidential ? html`<p>${t`This report is kept confidential. Only its status is shown here; the barangay's staff who handle it have the details.`}</p>` : ''}
<h3>${t`Timeline`}</h3><ol>${result.timeline.map((entry) => html`<li>${timelineText(entry)}<br><small>${when(entry.at)}</small></li>`)}</ol>
<p><a href="${PLAIN_PATHS.ticket}?ticket=${encodeURIComponent(result.ticket)}">${t`Check again`}</a></p></section>`;
}

export function ticketPage(model: TicketPageModel): string {
  const error = model.error;
  const body = html`<h1>${t`Track a ticket`}</h1><p>${t`Type the ticket you got when you reported, for example IR-7K3F-9QXM.`}</p>
<form method="get" action="${PLAIN_PATHS.ticket}"><label class="l" for="ticket-input">${t`Ticket`}</label>${error ? html`<p class="e" id="ticket-error">${error}</p>` : ''}<input class="f" type="text" id="ticket-input" name="ticket" maxlength="64" autocapitalize="characters" value="${model.typed}"${error ? html` aria-invalid="true" aria-describedby="ticket-error"` : ''}>
<button type="submit">${t`Look up`}</button></form>
${model.result ? resultOf(model.result, model) : ''}
${hotlineList(model.hotlines, t`Hotlines`)}<h2>${t`Something else?`}</h2>${otherPages('ticket')}`;
  return page({ locale: model.locale, title: t`Track a ticket`, barangay: model.barangay, path: PLAIN_PATHS.ticket, body });
}

/** A page for what went wrong outside the forms (a limit, a refused sender, a fault): say so, and give the hotlines. */
export function problemPage(model: { locale: Locale; barangay: string; hotlines: Hotline[]; message: string; path: string }): string {
  const body = html`<h1>${t`The page could not be sent`}</h1><p class="a" role="alert">${model.message}</p>
${hotlineList(model.hotlines, t`Call for help`)}<h2>${t`Something else?`}</h2><ul><li><a href="${model.path}">${t`Try again`}</a></li><li><a href="/">${t`Home`}</a></li></ul>`;
  return page({ locale: model.locale, title: t`Something went wrong`, barangay: model.barangay, path: model.path, body });
}
