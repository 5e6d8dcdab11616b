import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { webhookResponseBytes } from '@shared/webhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '../platform/env';
import { useDummyHandlerEnvironment } from '../../test/unit-test-env';
import { addressAllowed, carriedIPv4, postWebhook, signWebhook, urlAllowed } from './webhook-post';
import { newWebhookSecret } from './webhook-records';

/**
 * What a deployment may post to: never an address inside the network (SSRF), checked when the endpoint is saved and
 * again at every connection. A deployment never sets WEBHOOKS_ALLOW_LOOPBACK, so this file runs without it.
 */
useDummyHandlerEnvironment();

let server: Server;
let port = 0;
let posts = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    posts += 1;
    request.resume();
    if (request.url === '/moved') response.writeHead(302, { location: '/elsewhere' }).end();
    else if (request.url === '/trickle') {
      // A status line, then a header every 20 ms and never the end of them: no gap long enough for an idle timeout.
      const dripped = ['HTTP/1.1 200 OK\r\n'];
      const drip = setInterval(() => (response.socket?.writable ? response.socket.write(dripped.shift() ?? 'X-Wait: 1\r\n') : clearInterval(drip)), 20);
      response.socket?.on('close', () => clearInterval(drip));
    } else if (request.url === '/endless') {
      // An answer that never ends: the status is all a delivery needs.
      response.writeHead(200, { 'content-type': 'text/plain' });
      const flood = setInterval(() => (response.writable ? response.write('x'.repeat(64 * 1024)) : clearInterval(flood)), 1);
      response.on('close', () => clearInterval(flood));
    } else if (request.url === '/short') response.writeHead(422, { 'content-type': 'application/json' }).end('{"error":"unknown event"}');
    else response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  delete process.env.WEBHOOKS_ALLOW_LOOPBACK;
  resetEnvForTests();
  posts = 0;
});

function allowLoopback(): void {
  process.env.WEBHOOKS_ALLOW_LOOPBACK = 'true';
  resetEnvForTests();
}

describe('the addresses webhooks may reach', () => {
  it('are public ones: loopback, private, link-local, shared, multicast and IPv4 written as IPv6 are refused', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.0.10', '169.254.169.254', '100.64.1.1', '0.0.0.0', '224.0.0.1', '::1', 'fd12::1', 'fe80::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1']) {
      expect(addressAllowed(address), address).toBe(false);
    }
    for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '::ffff:93.184.215.14']) expect(addressAllowed(address), address).toBe(true);
  });

  it('refuse every IPv6 form that carries a private, loopback or link-local IPv4 address, and allow them around public ones', () => {
    const refused = [
      '::ffff:a00:1', // IPv4-mapped, written in hex
      '::a00:1', // IPv4-compatible 10.0.0.1
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254, the metadata service
      '64:ff9b::7f00:1',
      '64:ff9b:1::5db8:d70e', // NAT64's local-use prefix, whatever it carries
      '2002:a00:1::1', // 6to4 of 10.0.0.1
      '2002:7f00:1::',
      '2001:0:a00:1::5db8:d70e', // Teredo whose server is 10.0.0.1
      '2001:0:5db8:d70e::f5ff:fffe', // Teredo whose client is 10.0.0.1 (inverted)
      '::ffff:0:a00:1', // IPv4-translated (SIIT) 10.0.0.1
      'fec0::1', // site-local
      'not-an-address',
      '127.1', // a short IPv4 form no socket is given
    ];
    for (const address of refused) expect(addressAllowed(address), address).toBe(false);
    for (const address of ['64:ff9b::5db8:d70e', '2002:5db8:d70e::1', '2001:0:5db8:d70e::a247:28f1']) expect(addressAllowed(address), address).toBe(true);
  });

  it('read the IPv4 addresses an IPv6 one carries', () => {
    expect(carriedIPv4('::ffff:10.0.0.1')).toEqual(['10.0.0.1']);
    expect(carriedIPv4('64:ff9b::5db8:d70e')).toEqual(['93.184.215.14']);
    expect(carriedIPv4('2002:a00:1::1')).toEqual(['10.0.0.1']);
    expect(carriedIPv4('2001:0:5db8:d70e::f5ff:fffe')).toEqual(['93.184.215.14', '10.0.0.1']);
    expect(carriedIPv4('2606:4700:4700::1111')).toEqual([]);
  });

  it('include this machine only where the local cloud allows it, and over plain HTTP only there', async () => {
    expect(await urlAllowed(`http://127.0.0.1:${port}/hook`)).toBe(false);
    expect(await urlAllowed('http://localhost/hook')).toBe(false);
    expect(await urlAllowed('https://10.0.0.1/hook')).toBe(false);
    expect(await urlAllowed('http://93.184.215.14/hook')).toBe(false);
    expect(await urlAllowed('https://93.184.215.14/hook')).toBe(true);
    expect(await urlAllowed('https://name-that-does-not-resolve.invalid/hook')).toBe(false);
    allowLoopback();
    expect(await urlAllowed(`http://127.0.0.1:${port}/hook`)).toBe(true);
    expect(await urlAllowed('http://10.0.0.1/hook')).toBe(false);
  });
});

describe('posting a delivery', () => {
  it('refuses at connection a name that resolves inside the network, whatever it resolved to when saved', async () => {
    const outcome = await postWebhook(`http://localhost:${port}/hook`, '{}', {});
    expect(outcome).toMatchObject({ ok: false, statusCode: null });
    expect(outcome.error).toMatch(/may not reach/);
    expect(posts).toBe(0);
  });

  it('cuts off an endpoint that trickles its answer at the deadline for the whole exchange', async () => {
    allowLoopback();
    const outcome = await postWebhook(`http://127.0.0.1:${port}/trickle`, '{}', {}, 400);
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'no answer within 0.4 s' });
    expect(outcome.latencyMs).toBeLessThan(5_000);
  });

  it('reads the status of an answer and only its first bytes, however long it goes on', async () => {
    allowLoopback();
    const outcome = await postWebhook(`http://127.0.0.1:${port}/endless`, '{}', {}, 2_000);
    expect(outcome).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(outcome.responseBody).toBe('x'.repeat(webhookResponseBytes));
  });

  it('keeps a short answer whole, and an empty one as empty', async () => {
    allowLoopback();
    expect(await postWebhook(`http://127.0.0.1:${port}/short`, '{}', {})).toMatchObject({ ok: false, statusCode: 422, responseBody: '{"error":"unknown event"}' });
    expect(await postWebhook(`http://127.0.0.1:${port}/hook`, '{}', {})).toMatchObject({ ok: true, statusCode: 204, responseBody: '' });
  });

  it('counts a 2xx as delivered and a redirect as failed, without following it', async () => {
    allowLoopback();
    expect(await postWebhook(`http://localhost:${port}/hook`, '{}', {})).toMatchObject({ ok: true, statusCode: 204, error: null });
    expect(await postWebhook(`http://127.0.0.1:${port}/moved`, '{}', {})).toMatchObject({ ok: false, statusCode: 302 });
    expect(posts).toBe(2);
  });
});

describe('a signature', () => {
  it('is the one the Standard Webhooks verifier expects', () => {
    const secret = newWebhookSecret();
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: 'funding.applied', data: { amountCents: 1 } });
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, 'msg_1', timestamp, body) };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(signWebhook(secret, 'msg_1', timestamp, body)).toBe(new Webhook(secret).sign('msg_1', new Date(timestamp * 1000), body));
  });
});
