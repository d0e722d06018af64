import ipaddr from 'ipaddr.js';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Where webhooks may send: the `WEBHOOKS_ALLOW_HTTP` and `WEBHOOKS_ALLOW_PRIVATE` settings. */
export interface TargetPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
}

/** A webhook URL, or the address its host resolves to, that the policy does not allow. */
export class RefusedTarget extends Error {}

/** The longest webhook URL accepted. */
export const MAX_URL_LENGTH = 2048;

/** What a name or address resolves to: its family and the textual address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * The URL as a webhook target, checked without DNS: `https:` (or `http:` when allowed), no
 * credentials, and a host that is not a forbidden address written out or `localhost`.
 */
export function checkTargetUrl(raw: string, policy: TargetPolicy): URL {
  if (raw.length > MAX_URL_LENGTH) {
    throw new RefusedTarget(`url must be at most ${MAX_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedTarget('url must be an absolute https:// URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw new RefusedTarget(
      policy.allowHttp ? 'url must be an http:// or https:// URL' : 'url must be an https:// URL',
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new RefusedTarget('url must not contain a user name or password');
  }
  const host = hostOf(url);
  if (isIP(host) !== 0) refuseAddress(host, policy);
  else if (!policy.allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) {
    throw new RefusedTarget(`url must not point to ${host} (a loopback name)`);
  }
  return url;
}

/**
 * The address to connect to for this URL: its host resolved (a written-out address as is),
 * every address it resolves to checked. One forbidden address refuses the whole name, so a
 * name that mixes public and internal addresses cannot be used to reach the internal ones.
 */
export async function resolveTarget(
  url: URL,
  policy: TargetPolicy,
  resolve: Resolver = systemResolver,
): Promise<ResolvedAddress> {
  const host = hostOf(url);
  const family = isIP(host);
  if (family !== 0) {
    refuseAddress(host, policy);
    return { address: host, family: family as 4 | 6 };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new RefusedTarget(`the host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw new RefusedTarget(`the host ${host} does not resolve`);
  for (const { address } of addresses) refuseAddress(address, policy, host);
  return addresses[0];
}

/** Why an address is no webhook target (`loopback`, `private`, ...), or null when it may be one. */
export function forbiddenRange(address: string): string | null {
  // `process` reads IPv4-mapped (and -compatible) IPv6 addresses as the IPv4 address they carry.
  const range = ipaddr.process(address).range();
  return range === 'unicast' ? null : range;
}

/** How the refusal names the ranges met most (the others by ipaddr.js' name). */
const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique local address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  carrierGradeNat: 'a carrier-grade NAT address',
  reserved: 'a reserved address',
};

function refuseAddress(address: string, policy: TargetPolicy, host?: string): void {
  if (policy.allowPrivate) return;
  const range = forbiddenRange(address);
  if (range === null) return;
  const what = host === undefined ? readable(address) : `${host} (${readable(address)})`;
  throw new RefusedTarget(
    `url must not point to ${what}: ${RANGE_NAMES[range] ?? `a non-public address (${range})`}`,
  );
}

/** An IPv4-mapped IPv6 address in hex (as URLs write it) with the IPv4 address it carries. */
function readable(address: string): string {
  if (address.includes('.')) return address;
  const parsed = ipaddr.parse(address);
  return parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()
    ? `${address} (${parsed.toIPv4Address().toString()})`
    : address;
}

/** The URL's host without the brackets of an IPv6 address. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}
