import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import { OutsideServiceError } from './outside-service.ts';

/**
 * Where the server may POST to a URL someone else chose: a push subscription's endpoint (the
 * browser hands it to us, decision 017) or a webhook's URL (the supadmin types it,
 * modules/webhooks). Without this guard either is a server-side request forgery hole into the
 * barangay's own network or the cloud's metadata address. One copy, used by both.
 *
 * An endpoint must be `https://` on a public host name (on the default port, unless the caller
 * admits any port); IP literals, credentials and local-only names are refused, and every address
 * the name resolves to must be public. The check runs when the URL is stored and again before
 * every send; the send then connects only to the addresses checked here (`PinnedTarget.lookup`),
 * so a DNS answer that changes between the check and the connection (rebinding) cannot reach a
 * private address.
 */

interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (dns.lookup by default; tests inject their own). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: HostResolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/** Why an endpoint is refused, in words fit for the API's field message. */
export class EndpointRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EndpointRefused';
  }
}

/** A checked endpoint: its URL and the only addresses a send may connect to. */
export interface PinnedTarget {
  url: URL;
  addresses: ResolvedAddress[];
  /** A `lookup` for `https.request` that answers with the checked addresses and nothing else. */
  lookup: net.LookupFunction;
}

export interface EndpointGuardOptions {
  /** PUSH_ALLOW_LOOPBACK or WEBHOOKS_ALLOW_LOOPBACK: admits https://127.0.0.1, [::1] and localhost (tests, local trials). */
  allowLoopback: boolean;
  /** Admits an explicit port on a public host (webhook receivers often listen on 8443); push services use 443. */
  anyPort?: boolean;
  resolve?: HostResolver;
  /** How long a DNS lookup may take. */
  timeoutMs: number;
}

// Addresses a push service never has: private networks, this host, link-local, shared carrier
// space, multicast, documentation, benchmarking and reserved ranges (IANA special-purpose
// registries). IPv4-mapped and NAT64 IPv6 addresses are checked by the IPv4 they carry.
const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const NOT_PUBLIC_V6: [string, number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments, Teredo among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which tunnels to an IPv4 address of anyone's choosing
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const notPublic = new net.BlockList();
for (const [address, prefix] of NOT_PUBLIC_V4) notPublic.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of NOT_PUBLIC_V6) notPublic.addSubnet(address, prefix, 'ipv6');

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`) address carries. */
function embeddedIpv4(address: string): string | null {
  const words = expandIpv6(address);
  if (!words) return null;
  const mapped = words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff;
  const nat64 = words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((word) => word === 0);
  if (!mapped && !nat64) return null;
  const [high, low] = [words[6]!, words[7]!];
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** The eight 16-bit words of an IPv6 address, or null when it is not one. */
function expandIpv6(address: string): number[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address.toLowerCase().split('%')[0]!;
  // A dotted IPv4 tail (`::ffff:10.0.0.1`) becomes two words.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const fill = rest === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  const words = [...left, ...fill, ...right].map((word) => parseInt(word, 16));
  return words.length === 8 && words.every((word) => Number.isInteger(word) && word >= 0 && word <= 0xffff) ? words : null;
}

/** Whether an address may be the destination of a push message or a webhook: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const carried = embeddedIpv4(address);
  if (carried) return !notPublic.check(carried, 'ipv4');
  return !notPublic.check(address, 'ipv6');
}

function isLoopbackAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return loopback.check(address, 'ipv4');
  if (family !== 6) return false;
  const carried = embeddedIpv4(address);
  if (carried) return loopback.check(carried, 'ipv4');
  return loopback.check(address, 'ipv6');
}

// Names that only ever mean a machine on this side: never a push service or a webhook receiver.
const LOCAL_NAME = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|home\.arpa|in-addr\.arpa|ip6\.arpa)$/;

/**
 * Checks an endpoint and resolves it; throws EndpointRefused with the reason. Returns the
 * addresses a send may connect to.
 */
export async function checkPublicEndpoint(endpoint: string, options: EndpointGuardOptions): Promise<PinnedTarget> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EndpointRefused('must be a URL');
  }
  if (url.protocol !== 'https:') throw new EndpointRefused('must be an https:// URL');
  if (url.username || url.password) throw new EndpointRefused('must not carry a user name or password');
  // The URL parser has already turned 0x7f.1, 2130706433 and friends into dotted IPv4.
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  const literal = net.isIP(host) !== 0;
  const loopbackName = host === 'localhost' || host.endsWith('.localhost');

  if (options.allowLoopback && (loopbackName || (literal && isLoopbackAddress(host)))) {
    if (literal) return target(url, [{ address: host, family: net.isIPv6(host) ? 6 : 4 }]);
    const addresses = (await resolveWithin(host, options)).filter((answer) => isLoopbackAddress(answer.address));
    if (addresses.length === 0) throw new EndpointRefused('must resolve to a loopback address');
    return target(url, addresses);
  }
  if (literal) throw new EndpointRefused('must name a host, not an IP address');
  if (!host.includes('.') || LOCAL_NAME.test(host)) throw new EndpointRefused('must be on a public host');
  if (url.port && url.port !== '443' && !options.anyPort) throw new EndpointRefused('must use the default https port');

  const addresses = await resolveWithin(host, options);
  if (addresses.length === 0) throw new EndpointRefused('has a host name that does not resolve');
  const inside = addresses.find((answer) => !isPublicAddress(answer.address));
  if (inside) throw new EndpointRefused('has a host name that resolves to a private or local address');
  return target(url, addresses);
}

async function resolveWithin(host: string, options: EndpointGuardOptions): Promise<ResolvedAddress[]> {
  const resolve = options.resolve ?? systemResolver;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`DNS lookup of ${host} took longer than ${options.timeoutMs} ms`)), options.timeoutMs);
  });
  try {
    return await Promise.race([resolve(host), timeout]);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw new EndpointRefused('has a host name that does not resolve');
    // A passing DNS failure (timeout, SERVFAIL): the caller decides (subscribe refuses, send retries).
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function target(url: URL, addresses: ResolvedAddress[]): PinnedTarget {
  const lookup: net.LookupFunction = (_hostname, options, callback) => {
    // With `all` (Node's happy-eyeballs connect) every checked address; else the first.
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((answer) => answer.family === options.family) : addresses;
    const choices = wanted.length > 0 ? wanted : addresses;
    if (options.all) {
      (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, choices);
      return;
    }
    callback(null, choices[0]!.address, choices[0]!.family);
  };
  return { url, addresses, lookup };
}

/**
 * One HTTPS POST to a checked endpoint, connecting only to the addresses the guard checked: no
 * redirect followed, at most `maxAnswerBytes` of the answer read, one timeout for the whole call.
 * A network failure or the timeout throws an OutsideServiceError naming `service`; any answer,
 * whatever its status, is returned for the caller to judge (push, webhooks).
 */
export function postToPinnedTarget(
  target: PinnedTarget,
  request: { headers: Record<string, string>; body: Buffer | string | null; service: string; agent: https.Agent; timeoutMs: number; maxAnswerBytes: number },
): Promise<{ statusCode: number; text: string }> {
  const { service, timeoutMs, maxAnswerBytes } = request;
  const failure = (error: Error) => {
    const aborted = error.name === 'AbortError' || error.name === 'TimeoutError';
    const code = (error as NodeJS.ErrnoException).code;
    return new OutsideServiceError(service, aborted ? `no answer within ${timeoutMs} ms` : `request failed (${code ?? error.message})`, { cause: error });
  };
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      target.url,
      { method: 'POST', headers: request.headers, agent: request.agent, lookup: target.lookup, signal: AbortSignal.timeout(timeoutMs) },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < maxAnswerBytes) chunks.push(chunk.subarray(0, maxAnswerBytes - size));
          size += chunk.length;
        });
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => reject(failure(error)));
      },
    );
    outgoing.on('error', (error) => reject(failure(error)));
    outgoing.end(request.body ?? undefined);
  });
}
