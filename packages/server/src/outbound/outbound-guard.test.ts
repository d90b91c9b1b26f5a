import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { judgeAddress, parseAllowList } from './address-policy.ts';
import {
  createOutboundClient,
  OutboundBlockedError,
  OutboundNetworkError,
  OutboundResponseTooLargeError,
  OutboundTimeoutError,
  type ConnectOptions,
  type Connector,
  type Resolver,
} from './outbound-client.ts';

/**
 * SSRF suite (issue 16 "Outbound HTTP", issue 19 item 6). No packet leaves loopback: private,
 * link-local, metadata and public forms are judged through an injected resolver and a connect spy
 * that records a violation (and opens nothing) when asked for a socket the test did not allow.
 * Loopback forms also run against the real network stack, aimed at a canary on 127.0.0.1 that
 * counts every connection it gets — it must end the suite with 0.
 */

function listen(handler: http.RequestListener): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port })),
  );
}

let canary: { server: http.Server; port: number };
let canaryConnections = 0;
let canaryRequests = 0;
let redirector: { server: http.Server; port: number };
let redirectorHits = 0;
let echo: { server: http.Server; port: number };

beforeAll(async () => {
  canary = await listen((_req, res) => {
    canaryRequests += 1;
    res.end('canary');
  });
  canary.server.on('connection', () => (canaryConnections += 1));
  redirector = await listen((req, res) => {
    redirectorHits += 1;
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
      return;
    }
    res
      .writeHead(Number(u.searchParams.get('status') ?? 302), { location: u.searchParams.get('u') ?? '/' })
      .end();
  });
  echo = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://x');
      if (u.pathname === '/big') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(Buffer.alloc(2 * 1024 * 1024, 97));
        return;
      }
      if (u.pathname === '/hop') {
        res.writeHead(Number(u.searchParams.get('status') ?? 302), {
          location: u.searchParams.get('u') ?? '/',
        });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          method: req.method,
          path: req.url,
          host: req.headers.host,
          authorization: req.headers.authorization ?? null,
          xTest: req.headers['x-test'] ?? null,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
  });
});

afterAll(async () => {
  await Promise.all(
    [canary, redirector, echo].map((s) => new Promise<void>((r) => s.server.close(() => r()))),
  );
  // The canary was aimed at by every loopback form, directly and through redirects.
  expect(canaryConnections).toBe(0);
  expect(canaryRequests).toBe(0);
});

/** A connect spy: real sockets only to the listed 127.0.0.1 ports; anything else is a violation. */
function spy(allowedPorts: number[] = []) {
  const calls: ConnectOptions[] = [];
  const violations: ConnectOptions[] = [];
  const connect: Connector = (o) => {
    calls.push(o);
    if (o.address === '127.0.0.1' && allowedPorts.includes(o.port) && !o.tls)
      return net.connect({ host: o.address, port: o.port });
    violations.push(o);
    // An unconnected socket that fails: nothing is sent anywhere.
    const s = new net.Socket();
    process.nextTick(() => s.destroy(new Error('connect spy: no socket outside the test servers')));
    return s;
  };
  return { connect, calls, violations };
}

/** Names the tests resolve without DNS; a name not listed fails the test. */
const NAMES: Record<string, string[]> = {
  'internal.example': ['10.0.0.5'],
  'private172.example': ['172.20.1.1'],
  'home.example': ['192.168.0.10'],
  'cgnat.example': ['100.64.1.1'],
  'loop.example': ['127.0.0.1'],
  'loop6.example': ['::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'octal.example': ['0177.0.0.1'],
  'decimal.example': ['2130706433'],
  'meta.example': ['169.254.169.254'],
  'meta6.example': ['fd00:ec2::254'],
  'nat64.example': ['64:ff9b::c0a8:101'],
  'sixtofour.example': ['2002:a00:1::1'],
  'linklocal6.example': ['fe80::1%eth0'],
  'ula.example': ['fd12:3456::1'],
  'multicast.example': ['239.1.2.3'],
  'zero.example': ['0.0.0.0'],
  'mixed.example': ['93.184.215.14', '127.0.0.1'],
  'mixed6.example': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', 'fc00::1'],
  'garbage.example': ['not-an-address'],
  'public.example': ['93.184.215.14'],
  'public6.example': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
};

function fakeResolver() {
  const asked: string[] = [];
  const resolve: Resolver = (host) => {
    asked.push(host);
    const found = NAMES[host];
    if (!found) throw new Error(`test resolver: unexpected name ${host}`);
    return Promise.resolve(found);
  };
  return { resolve, asked };
}

/** ≥ 60 forbidden targets: every spelling the URL parser, the resolver or the OS may hand over. */
const FORBIDDEN_LITERALS = [
  // IPv4 loopback, every spelling
  '127.0.0.1',
  '127.0.0.2',
  '127.255.255.254',
  '0177.0.0.1',
  '0x7f.1',
  '0x7f000001',
  '2130706433',
  '017700000001',
  '127.1',
  '127.0.1',
  '0x7F.0.0.0x1',
  // unspecified
  '0.0.0.0',
  '0',
  '0.1.2.3',
  // RFC 1918
  '10.0.0.1',
  '10.255.255.255',
  '012.0.0.1',
  '0xa.0.0.1',
  '167772161',
  '172.16.0.1',
  '172.31.255.254',
  '192.168.0.1',
  '3232235777',
  '0xc0.0xa8.1.1',
  // CGNAT
  '100.64.0.1',
  '100.127.255.254',
  // link-local and metadata
  '169.254.0.1',
  '169.254.169.254',
  '2852039166',
  '0xa9fea9fe',
  '0251.0376.0251.0376',
  '169.254.170.2',
  '100.100.100.200',
  // multicast, broadcast, reserved
  '224.0.0.1',
  '239.255.255.250',
  '255.255.255.255',
  '192.0.2.1',
  '198.18.0.1',
  '240.0.0.1',
  '192.0.0.192',
  // IPv6 loopback and unspecified
  '[::1]',
  '[0:0:0:0:0:0:0:1]',
  '[::]',
  // IPv4-mapped / compatible
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::ffff:10.0.0.1]',
  '[::ffff:169.254.169.254]',
  '[::ffff:192.168.1.1]',
  '[::127.0.0.1]',
  // unique-local, link-local, site-local, multicast, metadata
  '[fc00::1]',
  '[fd00::1]',
  '[fd00:ec2::254]',
  '[fe80::1]',
  '[febf::1]',
  '[fec0::1]',
  '[ff02::1]',
  '[ff05::1:3]',
  // NAT64 and 6to4 carrying private IPv4, Teredo, documentation, discard
  '[64:ff9b::127.0.0.1]',
  '[64:ff9b::a9fe:a9fe]',
  '[64:ff9b::10.0.0.1]',
  '[64:ff9b:1::a00:1]',
  '[2002:7f00:1::]',
  '[2002:a9fe:a9fe::1]',
  '[2002:c0a8:101::]',
  '[2001::1]',
  '[2001:db8::1]',
  '[100::1]',
];

const FORBIDDEN_NAMES = [
  'localhost',
  'LOCALHOST.',
  'api.localhost',
  'metadata.google.internal',
  'metadata.google.internal.',
  'metadata',
  'metadata.goog',
  'instance-data',
  ...Object.keys(NAMES).filter((n) => !n.startsWith('public')),
];

const FORBIDDEN_URLS = [
  ...FORBIDDEN_LITERALS.map((h) => `http://${h}/`),
  ...FORBIDDEN_NAMES.map((h) => `http://${h}/`),
  'https://169.254.169.254/latest/meta-data/',
  'http://[::ffff:a9fe:a9fe]/computeMetadata/v1/',
  'file:///etc/passwd',
  'gopher://127.0.0.1:70/_x',
  'ftp://10.0.0.1/',
  'data:text/plain,hi',
  'http://user:pass@93.184.215.14/',
];

describe('address policy', () => {
  it('counts at least 60 forbidden forms', () => {
    expect(FORBIDDEN_LITERALS.length + FORBIDDEN_NAMES.length).toBeGreaterThanOrEqual(60);
    expect(FORBIDDEN_URLS.length).toBeGreaterThanOrEqual(90);
  });

  it('allows public unicast only, judging the IPv4 inside mapped, NAT64 and 6to4 forms', () => {
    for (const ok of [
      '93.184.215.14',
      '8.8.8.8',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ])
      expect(judgeAddress(ok).allowed, ok).toBe(true);
    for (const bad of [
      '127.0.0.1',
      '0177.0.0.1',
      '0x7f.1',
      '2130706433',
      '10.1.2.3',
      '100.64.0.1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      'fd00:ec2::254',
      '2001::1',
    ])
      expect(judgeAddress(bad).allowed, bad).toBe(false);
  });

  it('parses OUTBOUND_ALLOW and refuses bad entries at start', () => {
    expect(parseAllowList('api.interno:8443, 10.1.0.0/16 ,[fd00::5]:80,192.168.1.9')).toMatchObject([
      { kind: 'hostPort', host: 'api.interno', port: 8443 },
      { kind: 'cidr', text: '10.1.0.0/16' },
      { kind: 'hostPort', host: 'fd00:0:0:0:0:0:0:5', port: 80 },
      { kind: 'cidr', text: '192.168.1.9' },
    ]);
    expect(loadConfig({ OUTBOUND_ALLOW: 'erp.local:8080' }).outbound.allow).toHaveLength(1);
    expect(loadConfig({}).outbound).toMatchObject({ allow: [], timeoutMs: 30_000 });
    for (const bad of ['erp.local', 'erp.local:0', 'erp.local:70000', '10.0.0.0/40', 'a b:80', 'http://x:80'])
      expect(() => loadConfig({ OUTBOUND_ALLOW: bad }), bad).toThrow(ConfigError);
  });
});

describe('guarded client: forbidden targets open no socket', () => {
  let s: ReturnType<typeof spy>;
  afterEach(() => expect(s.violations).toEqual([]));

  it.each(FORBIDDEN_URLS)('refuses %s', async (url) => {
    s = spy();
    const r = fakeResolver();
    const client = createOutboundClient({ allow: [], resolve: r.resolve, connect: s.connect });
    await expect(client.request({ method: 'GET', url })).rejects.toBeInstanceOf(OutboundBlockedError);
    expect(s.calls).toEqual([]);
  });

  it.each(FORBIDDEN_URLS.filter((u) => u.startsWith('http')))('refuses a redirect to %s', async (url) => {
    s = spy([redirector.port]);
    const r = fakeResolver();
    const client = createOutboundClient({
      allow: parseAllowList(`127.0.0.1:${redirector.port}`),
      resolve: r.resolve,
      connect: s.connect,
    });
    const before = redirectorHits;
    const status = ['301', '302', '303', '307', '308'][url.length % 5];
    await expect(
      client.request({
        method: 'POST',
        body: 'x',
        url: `http://127.0.0.1:${redirector.port}/to?status=${status}&u=${encodeURIComponent(url)}`,
      }),
    ).rejects.toBeInstanceOf(OutboundBlockedError);
    expect(redirectorHits).toBe(before + 1);
    expect(s.calls.map((c) => c.port)).toEqual([redirector.port]);
  });

  it('refuses a name when any of its addresses is forbidden, and metadata even inside an allowed range', async () => {
    s = spy();
    const r = fakeResolver();
    const client = createOutboundClient({
      allow: parseAllowList('169.254.0.0/16,fd00::/8'),
      resolve: r.resolve,
      connect: s.connect,
    });
    for (const url of [
      'http://mixed.example/',
      'http://mixed6.example/',
      'http://meta.example/',
      'http://meta6.example/',
      'http://169.254.169.254/',
    ])
      await expect(client.request({ method: 'GET', url }), url).rejects.toBeInstanceOf(OutboundBlockedError);
    expect(s.calls).toEqual([]);
  });

  it('stops after 5 redirects', async () => {
    s = spy([redirector.port]);
    const client = createOutboundClient({
      allow: parseAllowList(`127.0.0.1:${redirector.port}`),
      connect: s.connect,
    });
    await expect(
      client.request({ method: 'GET', url: `http://127.0.0.1:${redirector.port}/loop` }),
    ).rejects.toThrow('Redirecionamentos demais');
    expect(s.calls).toHaveLength(6);
  });
});

describe('guarded client: DNS rebinding', () => {
  it('resolves once per hop and connects to the address it checked', async () => {
    const s = spy();
    const answers = [['93.184.215.14'], ['127.0.0.1']];
    const asked: string[] = [];
    const client = createOutboundClient({
      allow: [],
      resolve: (host) => {
        asked.push(host);
        return Promise.resolve(answers.shift() ?? ['127.0.0.1']);
      },
      connect: s.connect,
    });
    // The spy opens nothing for the public address, so the call fails as a network error.
    await expect(
      client.request({ method: 'GET', url: `http://rebind.example:${canary.port}/` }),
    ).rejects.toBeInstanceOf(OutboundNetworkError);
    expect(asked).toEqual(['rebind.example']);
    expect(s.calls).toEqual([
      { address: '93.184.215.14', family: 4, port: canary.port, tls: false, servername: 'rebind.example' },
    ]);
  });

  it('a redirect to a name that now resolves to loopback is judged again', async () => {
    const s = spy([redirector.port]);
    let n = 0;
    const client = createOutboundClient({
      allow: parseAllowList(`127.0.0.1:${redirector.port}`),
      resolve: () => Promise.resolve(n++ === 0 ? ['93.184.215.14'] : ['127.0.0.1']),
      connect: s.connect,
    });
    const target = `http://rebind.example:${canary.port}/`;
    await expect(client.request({ method: 'GET', url: target })).rejects.toBeInstanceOf(OutboundNetworkError);
    await expect(
      client.request({
        method: 'GET',
        url: `http://127.0.0.1:${redirector.port}/to?u=${encodeURIComponent(target)}`,
      }),
    ).rejects.toBeInstanceOf(OutboundBlockedError);
    expect(s.calls.map((c) => c.address)).toEqual(['93.184.215.14', '127.0.0.1']);
    expect(s.calls[1]?.port).toBe(redirector.port);
    expect(s.violations.map((c) => c.address)).toEqual(['93.184.215.14']);
  });

  it('public names and HTTPS go to the pinned address with the name as SNI', async () => {
    const s = spy();
    const r = fakeResolver();
    const client = createOutboundClient({ allow: [], resolve: r.resolve, connect: s.connect });
    await expect(client.request({ method: 'GET', url: 'https://public6.example/x' })).rejects.toBeInstanceOf(
      OutboundNetworkError,
    );
    expect(s.calls).toEqual([
      {
        address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
        family: 6,
        port: 443,
        tls: true,
        servername: 'public6.example',
      },
    ]);
  });
});

describe('guarded client on the real network stack (loopback only)', () => {
  const loopbackForms = () => [
    `http://127.0.0.1:${canary.port}/`,
    `http://0177.0.0.1:${canary.port}/`,
    `http://0x7f.1:${canary.port}/`,
    `http://2130706433:${canary.port}/`,
    `http://127.1:${canary.port}/`,
    `http://[::1]:${canary.port}/`,
    `http://[::ffff:127.0.0.1]:${canary.port}/`,
    `http://[::ffff:7f00:1]:${canary.port}/`,
    `http://localhost:${canary.port}/`,
    `http://0.0.0.0:${canary.port}/`,
  ];

  it('refuses every loopback form aimed at the canary, directly and through a redirect', async () => {
    // Real resolver (only `localhost` is a name here), real sockets; only the redirector is allowed.
    const client = createOutboundClient({ allow: parseAllowList(`127.0.0.1:${redirector.port}`) });
    for (const url of loopbackForms()) {
      await expect(client.request({ method: 'GET', url }), url).rejects.toBeInstanceOf(OutboundBlockedError);
      await expect(
        client.request({
          method: 'GET',
          url: `http://127.0.0.1:${redirector.port}/to?u=${encodeURIComponent(url)}`,
        }),
        `redirect to ${url}`,
      ).rejects.toBeInstanceOf(OutboundBlockedError);
    }
    expect(canaryConnections).toBe(0);
  });

  it('talks to an allowed internal target: method, headers, body, redirects, Authorization dropped across origins', async () => {
    const client = createOutboundClient({
      allow: parseAllowList(`127.0.0.1:${echo.port},127.0.0.1:${redirector.port}`),
    });
    const res = await client.request({
      method: 'PUT',
      url: `http://127.0.0.1:${echo.port}/a?b=1`,
      headers: { 'X-Test': 'ok', 'content-type': 'text/plain' },
      body: 'olá',
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toMatchObject({
      method: 'PUT',
      path: '/a?b=1',
      xTest: 'ok',
      body: 'olá',
    });

    const same = await client.request({
      method: 'POST',
      url: `http://127.0.0.1:${echo.port}/hop?status=307&u=/after`,
      headers: { authorization: 'Bearer s' },
      body: 'kept',
    });
    expect(JSON.parse(same.body.toString())).toMatchObject({
      method: 'POST',
      path: '/after',
      authorization: 'Bearer s',
      body: 'kept',
    });

    const cross = await client.request({
      method: 'POST',
      url: `http://127.0.0.1:${redirector.port}/to?status=302&u=${encodeURIComponent(`http://127.0.0.1:${echo.port}/x`)}`,
      headers: { authorization: 'Bearer s' },
      body: 'dropped',
    });
    expect(JSON.parse(cross.body.toString())).toMatchObject({
      method: 'GET',
      path: '/x',
      authorization: null,
      body: '',
    });
  });

  it('a CIDR entry allows its range on any port', async () => {
    const client = createOutboundClient({ allow: parseAllowList('127.0.0.1/32') });
    const res = await client.request({ method: 'GET', url: `http://127.0.0.1:${echo.port}/` });
    expect(res.status).toBe(200);
  });

  it('stops reading at the size cap', async () => {
    const client = createOutboundClient({
      allow: parseAllowList(`127.0.0.1:${echo.port}`),
      maxResponseBytes: 64 * 1024,
    });
    await expect(
      client.request({ method: 'GET', url: `http://127.0.0.1:${echo.port}/big` }),
    ).rejects.toBeInstanceOf(OutboundResponseTooLargeError);
  });

  it('HTTPS: certificates are verified, and the pinned TLS socket carries the request', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbound-tls-'));
    const key = path.join(dir, 'key.pem');
    const crt = path.join(dir, 'crt.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        crt,
      ],
      { stdio: 'ignore' },
    );
    const cert = fs.readFileSync(crt);
    const server = https.createServer({ key: fs.readFileSync(key), cert }, (_req, res) => res.end('seguro'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    try {
      const allow = parseAllowList(`127.0.0.1:${port}`);
      // The system's trust store does not know this certificate: refused, in words for people.
      await expect(
        createOutboundClient({ allow }).request({ method: 'GET', url: `https://127.0.0.1:${port}/` }),
      ).rejects.toThrow(
        new OutboundNetworkError('O certificado do destino não foi aceito (DEPTH_ZERO_SELF_SIGNED_CERT)'),
      );
      // Trusting it, the request goes through the TLS socket opened to the checked address.
      const trusting: Connector = (o) =>
        tls.connect({
          host: o.address,
          port: o.port,
          ca: cert,
          ...(o.servername ? { servername: o.servername } : {}),
        });
      const res = await createOutboundClient({ allow, connect: trusting }).request({
        method: 'GET',
        url: `https://127.0.0.1:${port}/`,
      });
      expect(res.body.toString()).toBe('seguro');
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says in Portuguese, with the system code, why a connection failed', async () => {
    // A port nothing listens on: taken from a server that was closed.
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    // A target that takes the connection and drops it, and one that answers something not HTTP.
    const dropper = net.createServer((sock) => sock.resetAndDestroy());
    const garbler = net.createServer((sock) => sock.end('isto não é HTTP\r\n\r\n'));
    for (const server of [dropper, garbler])
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const portOf = (server: net.Server) => (server.address() as AddressInfo).port;
    try {
      const client = createOutboundClient({
        allow: parseAllowList(
          `127.0.0.1:${closedPort},127.0.0.1:${portOf(dropper)},127.0.0.1:${portOf(garbler)}`,
        ),
      });
      const failure = (port: number) =>
        client.request({ method: 'POST', url: `http://127.0.0.1:${port}/`, body: '{}' }).then(
          () => 'answered',
          (err: unknown) => (err instanceof OutboundNetworkError ? err.message : String(err)),
        );
      expect(await failure(closedPort)).toBe('O destino recusou a conexão (ECONNREFUSED)');
      expect(await failure(portOf(dropper))).toBe('O destino encerrou a conexão (ECONNRESET)');
      expect(await failure(portOf(garbler))).toMatch(
        /^O destino respondeu fora do protocolo HTTP \(HPE_[A-Z_]+\)$/,
      );
    } finally {
      dropper.close();
      garbler.close();
    }
  });

  it('times out on a target that hangs', async () => {
    let connections = 0;
    const hang = net.createServer((sock) => {
      connections += 1;
      sock.on('error', () => undefined);
    });
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', () => r()));
    const port = (hang.address() as AddressInfo).port;
    try {
      const client = createOutboundClient({ allow: parseAllowList(`127.0.0.1:${port}`), timeoutMs: 300 });
      const started = Date.now();
      await expect(
        client.request({ method: 'GET', url: `http://127.0.0.1:${port}/` }),
      ).rejects.toBeInstanceOf(OutboundTimeoutError);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(250);
      expect(took).toBeLessThan(5_000);
      expect(connections).toBe(1);
    } finally {
      hang.close();
    }
  });
});
