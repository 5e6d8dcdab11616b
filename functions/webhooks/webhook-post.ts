import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup as lookupAll } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookResponseBytes, webhookTimeoutSeconds } from '@shared/webhooks';
import { webhooksAllowLoopback } from '../platform/env';

/** Standard Webhooks' signature of one delivery with one secret: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signWebhook(secret: string, webhookId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${webhookId}.${timestamp}.${body}`).digest('base64')}`;
}

/** Addresses no endpoint may reach from the cloud: private, loopback, link-local, shared and reserved ranges. */
const internal = /* @__PURE__ */ (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
    ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
  ] as const) list.addSubnet(network, prefix, 'ipv4');
  // NAT64's local-use prefix (RFC 8215) is never a public address.
  // Site-local fec0::/10 is deprecated but still routed inside some networks.
  for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['64:ff9b:1::', 48]] as const) list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

const loopback = /* @__PURE__ */ (() => {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  return list;
})();

/**
 * The IPv6 forms that carry an IPv4 address inside them, and where: a connection to one of them may end at that IPv4
 * address (through a gateway or a tunnel), so it is judged as that address too. Teredo carries its server's address
 * and its client's, the latter inverted.
 */
const ipv4Carriers: readonly { prefix: [ipaddr.IPv6, number]; at: readonly { offset: number; inverted?: true }[] }[] = /* @__PURE__ */ [
  { prefix: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), at: [{ offset: 12 }] }, // IPv4-mapped
  { prefix: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), at: [{ offset: 12 }] }, // IPv4-translated (SIIT)
  { prefix: ipaddr.IPv6.parseCIDR('::/96'), at: [{ offset: 12 }] }, // IPv4-compatible
  { prefix: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), at: [{ offset: 12 }] }, // NAT64 well-known prefix
  { prefix: ipaddr.IPv6.parseCIDR('2002::/16'), at: [{ offset: 2 }] }, // 6to4
  { prefix: ipaddr.IPv6.parseCIDR('2001::/32'), at: [{ offset: 4 }, { offset: 12, inverted: true }] }, // Teredo
];

/** The IPv4 addresses an IPv6 address carries (none for most), as dotted quads. */
export function carriedIPv4(address: string): string[] {
  const parsed = ipaddr.IPv6.parse(address);
  const bytes = parsed.toByteArray();
  return ipv4Carriers
    .filter(({ prefix }) => parsed.match(prefix))
    .flatMap(({ at }) => at.map(({ offset, inverted }) => bytes.slice(offset, offset + 4).map((byte) => (inverted ? byte ^ 0xff : byte)).join('.')));
}

function ipv4Allowed(address: string): boolean {
  if (webhooksAllowLoopback() && loopback.check(address, 'ipv4')) return true;
  return !internal.check(address, 'ipv4');
}

/**
 * Whether an endpoint may be posted to at this address: public ones, and locally this machine's loopback. An IPv6
 * address that carries an IPv4 one (mapped, compatible, NAT64, 6to4, Teredo) must be allowed as that one too.
 */
export function addressAllowed(address: string): boolean {
  // Only the standard notations a socket connects to: ipaddr.js would also read short and hex IPv4 forms ('127.1').
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return ipv4Allowed(address);
  const carried = carriedIPv4(address);
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address, loopback included.
  if (ipaddr.IPv6.parse(address).isIPv4MappedAddress()) return carried.every(ipv4Allowed);
  if (webhooksAllowLoopback() && loopback.check(address, 'ipv6')) return true;
  return !internal.check(address, 'ipv6') && carried.every((inner) => !internal.check(inner, 'ipv4'));
}

/**
 * Whether a URL may be an endpoint: https (http only to this machine's loopback, locally), and every address its host
 * resolves to allowed. Posting checks the address again at connection, so a name that resolves elsewhere later
 * (DNS rebinding) reaches nothing internal either.
 */
export async function urlAllowed(url: string): Promise<boolean> {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookupAll(host, { all: true })).map((entry) => entry.address);
  } catch {
    return false;
  }
  if (addresses.length === 0 || !addresses.every(addressAllowed)) return false;
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && webhooksAllowLoopback() && addresses.every((address) => loopback.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4'));
}

/** dns.lookup that refuses a disallowed address: the connection is made only to an address checked here. */
const guardedLookup: LookupFunction = (hostname: string, options: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
  dnsLookup(hostname, options, (error, address, family) => {
    if (error) return callback(error, address, family);
    const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
    if (!addresses.every(addressAllowed)) return callback(Object.assign(new Error(`${hostname} resolves to an address webhooks may not reach`), { code: 'EADDRNOTALLOWED' }), address, family);
    callback(null, address, family);
  });
};

export type PostOutcome = { ok: boolean; statusCode: number | null; latencyMs: number; error: string | null; responseBody: string | null };

/**
 * Posts one delivery: the connection goes only to an allowed address, redirects are not followed (a 3xx is a
 * failure), and the whole exchange, from connecting to the answer's status and its first bytes, gets
 * webhookTimeoutSeconds; an endpoint that trickles its answer a byte at a time is cut off there, not at every idle gap
 * as a socket timeout would. Only the status counts (any 2xx is a success); of the body only the first
 * webhookResponseBytes are read, for the delivery log, and the socket is dropped then: a huge or endless one costs
 * nothing. An answer whose status came but whose body stalls settles at the deadline with the bytes read by then.
 */
export function postWebhook(url: string, body: string, headers: Record<string, string>, deadlineMs = webhookTimeoutSeconds * 1000): Promise<PostOutcome> {
  const started = performance.now();
  const parsed = new URL(url);
  const send = parsed.protocol === 'https:' ? httpsRequest : httpRequest;
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    lookup: guardedLookup,
    // A connection of its own for every delivery: a kept-alive socket would skip the lookup, and with it the check of
    // the address this delivery reaches. It also lets the socket go as soon as the status is read.
    agent: false,
  };
  const latency = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    let answered: (() => void) | undefined;
    const request = send(parsed, options, (response: IncomingMessage) => {
      const statusCode = response.statusCode ?? 0;
      const latencyMs = latency();
      const chunks: Buffer[] = [];
      let read = 0;
      answered = () => {
        // Cut at a byte count, a character may be split: the decoder marks it (U+FFFD) rather than failing.
        const body = Buffer.concat(chunks).subarray(0, webhookResponseBytes).toString('utf8');
        settle({ ok: statusCode >= 200 && statusCode < 300, statusCode, latencyMs, error: null, responseBody: body });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        read += chunk.length;
        if (read >= webhookResponseBytes) answered?.();
      });
      response.on('end', () => answered?.());
      response.on('error', () => answered?.());
    });
    const deadline = setTimeout(() => {
      if (answered) answered();
      else request.destroy(new Error(`no answer within ${deadlineMs / 1000} s`));
    }, deadlineMs);
    request.on('error', (error) => settle({ ok: false, statusCode: null, latencyMs: latency(), error: error.message.slice(0, 200), responseBody: null }));
    request.end(body);
  });
}
