import { describe, expect, it } from 'vitest';
import { checkPublicEndpoint, isPublicAddress, EndpointRefused, type HostResolver } from './public-endpoint-guard.ts';

/** A DNS of made-up names, so the guard is tested without the network. */
const fakeDns =
  (answers: Record<string, string[]>): HostResolver =>
  async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const dns = fakeDns({
  'fcm.googleapis.com': ['142.250.70.10', '2404:6800:4017:801::200a'],
  'push.example.com': ['93.184.215.14'],
  'intranet.example.com': ['10.0.0.5'],
  'metadata.example.com': ['169.254.169.254'],
  'mixed.example.com': ['93.184.215.14', '192.168.1.20'],
  'ula.example.com': ['fd12:3456:789a::1'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'cgnat.example.com': ['100.64.1.1'],
});

const check = (endpoint: string, allowLoopback = false, resolve: HostResolver = dns) => checkPublicEndpoint(endpoint, { allowLoopback, resolve, timeoutMs: 1000 });

async function refusal(endpoint: string, allowLoopback = false, resolve: HostResolver = dns): Promise<string> {
  const error = await check(endpoint, allowLoopback, resolve).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, `${endpoint} should be refused`).toBeInstanceOf(EndpointRefused);
  return (error as Error).message;
}

describe('which addresses count as public', () => {
  it.each([
    '10.1.2.3',
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '192.0.0.8',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd00:ab::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '2001:db8::1',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['142.250.70.10', '93.184.215.14', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2404:6800:4017:801::200a', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    '%s is',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('anything that is not an address is not', () => {
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

describe('a push endpoint the server may post to', () => {
  it('is https on a public host name, and the send may connect only to the addresses checked', async () => {
    const target = await check('https://fcm.googleapis.com/fcm/send/abc123');
    expect(target.addresses.map((answer) => answer.address)).toEqual(['142.250.70.10', '2404:6800:4017:801::200a']);
    const picked = await new Promise<string>((resolve, reject) =>
      target.lookup('fcm.googleapis.com', { family: 4 }, (error, address) => (error ? reject(error) : resolve(address as string))),
    );
    expect(picked).toBe('142.250.70.10');
    const all = await new Promise<unknown>((resolve, reject) => target.lookup('fcm.googleapis.com', { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
    expect(all).toEqual(target.addresses);
  });

  it.each([
    ['http://push.example.com/x', /https/],
    ['ftp://push.example.com/x', /https/],
    ['https://user:secret@push.example.com/x', /user name or password/],
    ['https://127.0.0.1/x', /not an IP address/],
    ['https://10.0.0.8/x', /not an IP address/],
    ['https://169.254.169.254/latest/meta-data', /not an IP address/],
    ['https://[::1]/x', /not an IP address/],
    ['https://[::ffff:127.0.0.1]/x', /not an IP address/],
    ['https://2130706433/x', /not an IP address/],
    ['https://0x7f.1/x', /not an IP address/],
    ['https://localhost/x', /public host/],
    ['https://localhost./x', /public host/],
    ['https://printer.local/x', /public host/],
    ['https://intranet/x', /public host/],
    ['https://push.example.com:8443/x', /default https port/],
    ['https://intranet.example.com/x', /private or local/],
    ['https://metadata.example.com/x', /private or local/],
    ['https://mixed.example.com/x', /private or local/],
    ['https://ula.example.com/x', /private or local/],
    ['https://mapped.example.com/x', /private or local/],
    ['https://cgnat.example.com/x', /private or local/],
    ['https://nowhere.example.com/x', /does not resolve/],
    ['not a url', /URL/],
  ])('refuses %s', async (endpoint, reason) => {
    expect(await refusal(endpoint)).toMatch(reason);
  });

  it('refuses a real name that resolves to this machine (localhost through the system resolver)', async () => {
    // `*.localhost` is refused by name; here the system DNS answers a dotted name with loopback.
    const viaSystem: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await refusal('https://localhost.example.com/x', false, viaSystem)).toMatch(/private or local/);
  });

  it('with PUSH_ALLOW_LOOPBACK admits loopback, and only loopback', async () => {
    expect((await check('https://127.0.0.1:8443/push/x', true)).addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect((await check('https://[::1]:8443/push/x', true)).addresses).toEqual([{ address: '::1', family: 6 }]);
    const viaLocalhost = await check('https://localhost:8443/push/x', true, fakeDns({ localhost: ['127.0.0.1', '::1'] }));
    expect(viaLocalhost.addresses.map((answer) => answer.address)).toEqual(['127.0.0.1', '::1']);
    expect(await refusal('http://127.0.0.1:8443/push/x', true)).toMatch(/https/);
    expect(await refusal('https://10.0.0.8/x', true)).toMatch(/not an IP address/);
    expect(await refusal('https://intranet.example.com/x', true)).toMatch(/private or local/);
    expect(await refusal('https://localhost/x', true, fakeDns({ localhost: ['10.0.0.1'] }))).toMatch(/loopback/);
  });

  it('with anyPort (webhooks) admits a public host on its own port, and nothing private with it', async () => {
    const options = { allowLoopback: false, anyPort: true, resolve: dns, timeoutMs: 1000 };
    expect((await checkPublicEndpoint('https://push.example.com:8443/hook', options)).addresses).toEqual([{ address: '93.184.215.14', family: 4 }]);
    await expect(checkPublicEndpoint('https://intranet.example.com:8443/hook', options)).rejects.toThrow(/private or local/);
    await expect(checkPublicEndpoint('https://169.254.169.254:80/latest', options)).rejects.toThrow(/not an IP address/);
  });

  it('a DNS failure that may pass is not a refusal (a send retries it)', async () => {
    const broken: HostResolver = async () => {
      throw Object.assign(new Error('queryA ESERVFAIL'), { code: 'ESERVFAIL' });
    };
    await expect(check('https://push.example.com/x', false, broken)).rejects.not.toBeInstanceOf(EndpointRefused);
    const slow: HostResolver = () => new Promise(() => {});
    await expect(checkPublicEndpoint('https://push.example.com/x', { allowLoopback: false, resolve: slow, timeoutMs: 20 })).rejects.toThrow(/longer than 20 ms/);
  });
});
