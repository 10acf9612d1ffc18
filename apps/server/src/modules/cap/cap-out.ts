import { msg } from '@lingui/core/macro';
import type { AdvisorySeverity, Polygon } from '@bantay/shared';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { translate, type Locale } from '../../lib/i18n.ts';
import type { CapAdvisory } from '../advisories/index.ts';

/**
 * Writes the barangay's published advisories as Common Alerting Protocol 1.2 alerts (OASIS) and
 * their Atom index, the shape public alert aggregators poll (docs/decisions/034-the-integration-kit.md,
 * "CAP out"). xmlbuilder2 writes every text and attribute escaped, so an advisory's words can
 * never become markup.
 */

const CAP_NAMESPACE = 'urn:oasis:names:tc:emergency:cap:1.2';
const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';

export interface CapBarangay {
  name: string;
  psgcCode: string | null;
  boundary: Polygon | null;
  timeZone: string;
}

interface CapSite {
  /** PUBLIC_URL without its trailing slash. */
  publicUrl: string;
}

/** What a level means to a CAP reader: how soon to act, how bad, how sure. */
const LEVELS: Record<AdvisorySeverity, { urgency: string; severity: string; certainty: string }> = {
  danger: { urgency: 'Immediate', severity: 'Severe', certainty: 'Likely' },
  warning: { urgency: 'Expected', severity: 'Moderate', certainty: 'Likely' },
  info: { urgency: 'Future', severity: 'Minor', certainty: 'Possible' },
};

/** The two languages of every alert: the app's, with CAP's RFC 3066 tags. */
const LANGUAGES: readonly { locale: Locale; tag: string }[] = [
  { locale: 'en', tag: 'en-US' },
  { locale: 'fil', tag: 'fil-PH' },
];

/** CAP's dateTime: seconds, an explicit offset, never `Z` (the schema's pattern refuses it). */
function capDateTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const local = Date.UTC(+part('year'), +part('month') - 1, +part('day'), +part('hour'), +part('minute'), +part('second'));
  const offsetMinutes = Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offset}`;
}

const hostOf = (site: CapSite) => new URL(site.publicUrl).host;

/** The sender: the barangay's public address, unique to it as CAP asks. */
const senderOf = (site: CapSite) => hostOf(site);

/** An edit after publication is an Update (a second behind for the publication's own write). */
const isUpdated = (advisory: CapAdvisory) => advisory.updatedAt.getTime() - advisory.publishedAt.getTime() > 1000;

interface CapMessage {
  identifier: string;
  sent: Date;
  msgType: 'Alert' | 'Update' | 'Cancel';
  /** The first message of this advisory, which an Update or a Cancel names in `<references>`. */
  original: { identifier: string; sent: Date };
}

/**
 * The advisory's current CAP message. Its first message's identifier is the advisory's; each
 * later one (an edit, the withdrawal) has its own, made from the time of the change, so every
 * message is unique and reading the feed again gives the same identifiers.
 */
function capMessageOf(advisory: CapAdvisory, site: CapSite): CapMessage {
  const base = `urn:bantay:${hostOf(site)}:advisory:${advisory.id}`;
  const original = { identifier: base, sent: advisory.publishedAt };
  if (advisory.withdrawn) return { identifier: `${base}:cancel:${advisory.updatedAt.getTime()}`, sent: advisory.updatedAt, msgType: 'Cancel', original };
  if (isUpdated(advisory)) return { identifier: `${base}:update:${advisory.updatedAt.getTime()}`, sent: advisory.updatedAt, msgType: 'Update', original };
  return { identifier: base, sent: advisory.publishedAt, msgType: 'Alert', original };
}

/** CAP's polygon: "lat,lon" pairs separated by spaces, the first repeated last. */
function capPolygon(boundary: Polygon): string | null {
  const ring = boundary.coordinates[0];
  if (!ring || ring.length < 4) return null;
  const closed = ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1] ? ring : [...ring, ring[0]!];
  return closed.map(([lng, lat]) => `${lat},${lng}`).join(' ');
}

function appendAlert(parent: XMLBuilder, advisory: CapAdvisory, barangay: CapBarangay, site: CapSite): void {
  const message = capMessageOf(advisory, site);
  const sender = senderOf(site);
  const at = (date: Date) => capDateTime(date, barangay.timeZone);
  const alert = parent.ele(CAP_NAMESPACE, 'alert');
  alert.ele('identifier').txt(message.identifier);
  alert.ele('sender').txt(sender);
  alert.ele('sent').txt(at(message.sent));
  alert.ele('status').txt('Actual');
  alert.ele('msgType').txt(message.msgType);
  alert.ele('scope').txt('Public');
  if (message.msgType !== 'Alert') alert.ele('references').txt(`${sender},${message.original.identifier},${at(message.original.sent)}`);
  const level = LEVELS[advisory.severity];
  const polygon = barangay.boundary ? capPolygon(barangay.boundary) : null;
  for (const { locale, tag } of LANGUAGES) {
    const info = alert.ele('info');
    info.ele('language').txt(tag);
    info.ele('category').txt('Safety');
    info.ele('event').txt(translate(msg`Barangay advisory`, locale));
    info.ele('urgency').txt(message.msgType === 'Cancel' ? 'Past' : level.urgency);
    info.ele('severity').txt(level.severity);
    info.ele('certainty').txt(level.certainty);
    info.ele('effective').txt(at(advisory.startsAt));
    if (advisory.endsAt) info.ele('expires').txt(at(advisory.endsAt));
    info.ele('senderName').txt(barangay.name);
    info.ele('headline').txt(advisory.title);
    info.ele('description').txt(advisory.body);
    info.ele('web').txt(`${site.publicUrl}/`);
    const area = info.ele('area');
    const where = advisory.areaNames.length > 0 ? `${barangay.name}: ${advisory.areaNames.join(', ')}` : barangay.name;
    area.ele('areaDesc').txt(where);
    if (polygon) area.ele('polygon').txt(polygon);
    if (barangay.psgcCode) {
      const geocode = area.ele('geocode');
      geocode.ele('valueName').txt('PSGC');
      geocode.ele('value').txt(barangay.psgcCode);
    }
  }
}

/** One advisory's CAP 1.2 alert, a whole XML document. */
export function capAlertDocument(advisory: CapAdvisory, barangay: CapBarangay, site: CapSite): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  appendAlert(doc, advisory, barangay, site);
  return doc.end({ prettyPrint: true });
}

/** Where one advisory's alert is read. */
const capAlertUrl = (advisory: CapAdvisory, site: CapSite) => `${site.publicUrl}/api/public/advisories/${advisory.id}.cap`;

/**
 * The Atom index of the alerts (RFC 4287): one entry per advisory, identified by its current CAP
 * message, linking to the alert (`rel="alternate"`, `type="application/cap+xml"`), as the
 * aggregators and PAGASA's own feed do, with the alert also inside the entry's content for readers
 * that take it from there.
 */
export function capAtomIndex(advisories: readonly CapAdvisory[], barangay: CapBarangay, site: CapSite, now: Date): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const feed = doc.ele(ATOM_NAMESPACE, 'feed');
  feed.ele('id').txt(`urn:bantay:${hostOf(site)}:advisories`);
  feed.ele('title').txt(`${barangay.name}: ${translate(msg`Barangay advisory`, 'en')} (CAP)`);
  const newest = advisories.reduce((latest, advisory) => Math.max(latest, capMessageOf(advisory, site).sent.getTime()), 0);
  feed.ele('updated').txt(new Date(newest || now.getTime()).toISOString());
  feed.ele('author').ele('name').txt(barangay.name);
  feed.ele('link', { rel: 'self', type: 'application/atom+xml', href: `${site.publicUrl}/api/public/advisories.atom` });
  for (const advisory of advisories) {
    const message = capMessageOf(advisory, site);
    const entry = feed.ele('entry');
    entry.ele('id').txt(message.identifier);
    entry.ele('title').txt(advisory.title);
    entry.ele('updated').txt(message.sent.toISOString());
    entry.ele('summary').txt(advisory.body);
    entry.ele('link', { rel: 'alternate', type: 'application/cap+xml', href: capAlertUrl(advisory, site) });
    appendAlert(entry.ele('content', { type: 'application/cap+xml' }), advisory, barangay, site);
  }
  return doc.end({ prettyPrint: true });
}
