import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Reads what a CAP feed answers (docs/decisions/034-the-integration-kit.md, "CAP in"): an Atom or
 * RSS index whose entries link to CAP 1.2 alerts (PAGASA's shape, and what Google Public Alerts
 * asks of publishers), an Atom entry holding its alert inline, or one alert alone. Only the fields
 * Bantay uses are kept, all as plain strings; nothing of the document is trusted as markup.
 */

export interface CapArea {
  areaDesc: string;
  polygons: string[];
  circles: string[];
  geocodes: { valueName: string; value: string }[];
}

export interface CapInfo {
  language: string;
  event: string;
  urgency: string;
  severity: string;
  certainty: string;
  effective: string;
  onset: string;
  expires: string;
  senderName: string;
  headline: string;
  description: string;
  instruction: string;
  areas: CapArea[];
}

export interface CapAlert {
  identifier: string;
  sender: string;
  sent: string;
  status: string;
  msgType: string;
  scope: string;
  /** `<references>`: `sender,identifier,sent` triples separated by spaces. */
  references: string[];
  infos: CapInfo[];
}

/** The alerts a document holds, and the addresses of those it only links to. */
interface CapDocument {
  alerts: CapAlert[];
  links: string[];
}

class CapFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CapFeedError';
  }
}

/** At most this many alerts are read from one index per poll: a national feed lists a few dozen. */
const MAX_LINKS_PER_FEED = 50;

const REPEATED = new Set(['entry', 'item', 'link', 'info', 'area', 'polygon', 'circle', 'geocode', 'alert']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Identifiers like "001" and PSGC codes stay text.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // The five XML entities and character references only: a DOCTYPE is refused before parsing.
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;

const asNode = (value: unknown): Node => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {});
const asNodes = (value: unknown): Node[] => (Array.isArray(value) ? value.map(asNode) : value === undefined ? [] : [asNode(value)]);

/** An element's text: a string, or the `#text` of an element that has attributes. */
function text(value: unknown): string {
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = asNode(value)['#text'];
  return typeof inner === 'string' ? inner : '';
}

const texts = (value: unknown): string[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(text).filter(Boolean);

function readArea(node: Node): CapArea {
  return {
    areaDesc: text(node.areaDesc),
    polygons: texts(node.polygon),
    circles: texts(node.circle),
    geocodes: asNodes(node.geocode).map((geocode) => ({ valueName: text(geocode.valueName), value: text(geocode.value) })),
  };
}

function readInfo(node: Node): CapInfo {
  return {
    language: text(node.language) || 'en-US',
    event: text(node.event),
    urgency: text(node.urgency),
    severity: text(node.severity),
    certainty: text(node.certainty),
    effective: text(node.effective),
    onset: text(node.onset),
    expires: text(node.expires),
    senderName: text(node.senderName),
    headline: text(node.headline),
    description: text(node.description),
    instruction: text(node.instruction),
    areas: asNodes(node.area).map(readArea),
  };
}

function readAlert(node: Node): CapAlert {
  const alert: CapAlert = {
    identifier: text(node.identifier),
    sender: text(node.sender),
    sent: text(node.sent),
    status: text(node.status),
    msgType: text(node.msgType),
    scope: text(node.scope),
    references: text(node.references).split(/\s+/).filter(Boolean),
    infos: asNodes(node.info).map(readInfo),
  };
  if (!alert.identifier || !alert.sender || !alert.sent || !alert.msgType) throw new CapFeedError('an alert lacks its identifier, sender, sent or msgType');
  return alert;
}

/** The link of an Atom entry that leads to its CAP alert: typed as CAP first, else the alternate one. */
function atomEntryLink(entry: Node): string | undefined {
  const links = asNodes(entry.link);
  const cap = links.find((link) => String(link['@_type'] ?? '').includes('cap'));
  const alternate = links.find((link) => (link['@_rel'] ?? 'alternate') === 'alternate');
  const chosen = cap ?? alternate;
  return chosen ? text(chosen['@_href']) || undefined : undefined;
}

/**
 * Parses one answer of a feed. Throws CapFeedError on anything that is not well-formed XML, is not
 * an Atom feed, an RSS channel or a CAP alert, or declares a DOCTYPE (entity expansion is a way to
 * make a small document huge).
 */
export function parseCapDocument(xml: string): CapDocument {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new CapFeedError('the document declares a DOCTYPE, which a CAP feed never needs');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new CapFeedError(`the document is not well-formed XML (${valid.err.msg} at line ${valid.err.line})`);
  const root = asNode(parser.parse(xml));
  const alerts = asNodes(root.alert);
  if (alerts.length > 0) return { alerts: alerts.map(readAlert), links: [] };
  const feed = asNodes(root.feed)[0];
  if (feed) {
    const entries = asNodes(feed.entry).slice(0, MAX_LINKS_PER_FEED);
    const inlineOf = (entry: Node) => asNodes(asNode(entry.content).alert);
    const inline = entries.flatMap(inlineOf);
    const linked = entries.filter((entry) => inlineOf(entry).length === 0).flatMap((entry) => atomEntryLink(entry) ?? []);
    return { alerts: inline.map(readAlert), links: linked };
  }
  const channel = asNode(asNode(root.rss).channel);
  if (root.rss !== undefined) {
    const links = asNodes(channel.item)
      .slice(0, MAX_LINKS_PER_FEED)
      .flatMap((item) => texts(item.link).slice(0, 1));
    return { alerts: [], links };
  }
  throw new CapFeedError('the document is neither a CAP alert nor an Atom or RSS index');
}
