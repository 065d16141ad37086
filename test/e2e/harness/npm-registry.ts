// A real npm registry for the suite: verdaccio (installed once into the e2e cache, pinned), on a
// free loopback port with throwaway storage, and the HTTPS proxy (registry-proxy.mjs) through which
// n8n's own community-package installer reaches it as https://registry.npmjs.org. Nothing here
// touches the machine's npm configuration: publishing uses a userconfig file in the state folder.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheRoot, type N8nInstall } from './install.js';
import { Background, runCommand } from './proc.js';
import { FatalWait, freePorts, log, seconds, waitFor } from './util.js';

export const VERDACCIO_VERSION = '6.10.4';
const PROXY_SCRIPT = fileURLToPath(new URL('./registry-proxy.mjs', import.meta.url));

/** verdaccio in <cache>/verdaccio-<version>/ (about 65 MB, 10 s), with the install's Node 24 (verdaccio 6 needs 22+). */
async function ensureVerdaccio(install: N8nInstall): Promise<string> {
  const dir = join(cacheRoot(), `verdaccio-${VERDACCIO_VERSION}`);
  const bin = join(dir, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  const done = join(dir, '.installed');
  if (existsSync(done)) return bin;
  mkdirSync(dir, { recursive: true });
  // verdaccio-audit asks for node-fetch by the dist-tag `cjs`, which not every registry mirror
  // carries; 2.7.0 is what that tag names on npmjs.org. The audit middleware is off anyway.
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, dependencies: { verdaccio: VERDACCIO_VERSION }, overrides: { 'verdaccio-audit': { 'node-fetch': '2.7.0' } } }, null, 2));
  const { ms } = await runCommand('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'], {
    label: `npm install verdaccio@${VERDACCIO_VERSION}`,
    cwd: dir,
    env: { ...process.env, PATH: install.path },
    timeoutMs: 300_000,
  });
  writeFileSync(done, `${new Date().toISOString()}\n`);
  log(`installed verdaccio ${VERDACCIO_VERSION} into ${dir} (${seconds(ms)})`);
  return bin;
}

/** A throwaway CA and a certificate for registry.npmjs.org signed by it (openssl, valid 2 days). */
async function makeCertificates(dir: string): Promise<{ ca: string; cert: string; key: string }> {
  const file = (name: string) => join(dir, name);
  const openssl = (args: string[]) => runCommand('openssl', args, { label: `openssl ${args[0]}`, cwd: dir, timeoutMs: 30_000 });
  await openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=n8n-lock e2e throwaway CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  await openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('registry.key'), '-out', file('registry.csr'), '-subj', '/CN=registry.npmjs.org']);
  writeFileSync(file('registry.ext'), 'subjectAltName=DNS:registry.npmjs.org\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n');
  await openssl(['x509', '-req', '-in', file('registry.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('registry.pem'), '-days', '2', '-extfile', file('registry.ext')]);
  return { ca: file('ca.pem'), cert: file('registry.pem'), key: file('registry.key') };
}

export class NpmRegistry {
  private verdaccio?: Background;
  private proxy?: Background;
  private dir = '';
  private userconfig = '';
  port = 0;
  proxyPort = 0;
  private caFile = '';

  /** Starts verdaccio and the proxy in `<stateDir>/registry`; creates the publishing user. */
  async start(install: N8nInstall, stateDir: string): Promise<number> {
    const started = Date.now();
    const bin = await ensureVerdaccio(install);
    this.dir = join(stateDir, 'registry');
    mkdirSync(this.dir, { recursive: true });
    const certificates = await makeCertificates(this.dir);
    this.caFile = certificates.ca;
    [this.port, this.proxyPort] = await freePorts(2);
    const config = join(this.dir, 'config.yaml');
    // No uplinks: the registry holds only what the suite publishes, so n8n can fetch nothing else.
    writeFileSync(
      config,
      [
        `storage: ${join(this.dir, 'storage')}`,
        'auth:',
        `  htpasswd: { file: ${join(this.dir, 'htpasswd')}, max_users: 1 }`,
        'uplinks: {}',
        'packages:',
        "  '**': { access: $all, publish: $authenticated, unpublish: $authenticated }",
        'middlewares:',
        '  audit: { enabled: false }',
        'web: { enable: false }',
        'log: { type: stdout, format: pretty, level: warn }',
        '',
      ].join('\n'),
    );
    const logFile = join(stateDir, 'registry.log');
    writeFileSync(logFile, '');
    // Tarball addresses in the package documents name the address n8n asked for.
    this.verdaccio = new Background('verdaccio', install.nodeBin, [bin, '--config', config, '--listen', `127.0.0.1:${this.port}`], {
      env: { PATH: install.path, HOME: this.dir, VERDACCIO_PUBLIC_URL: 'https://registry.npmjs.org/' },
      logFile,
    });
    this.proxy = new Background('registry-proxy', install.nodeBin, [PROXY_SCRIPT, String(this.proxyPort), String(this.port), certificates.cert, certificates.key], { env: { PATH: install.path }, logFile: join(stateDir, 'registry-proxy.log') });
    await waitFor(`verdaccio on port ${this.port}`, 60_000, async () => {
      if (!this.verdaccio!.running) throw new FatalWait(`verdaccio exited at start (see ${logFile})`);
      return (await fetch(`http://127.0.0.1:${this.port}/-/ping`).catch(() => undefined))?.ok || undefined;
    });
    const created = await fetch(`http://127.0.0.1:${this.port}/-/user/org.couchdb.user:e2e`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'e2e', password: 'e2e-throwaway-password' }),
    });
    const { token } = (await created.json()) as { token?: string };
    if (!created.ok || !token) throw new Error(`verdaccio did not create the publishing user (HTTP ${created.status})`);
    this.userconfig = join(this.dir, 'npmrc');
    writeFileSync(this.userconfig, `//127.0.0.1:${this.port}/:_authToken=${token}\n`);
    const ms = Date.now() - started;
    log(`npm registry: verdaccio ${VERDACCIO_VERSION} on 127.0.0.1:${this.port}, answering as https://registry.npmjs.org through the proxy on 127.0.0.1:${this.proxyPort} (${seconds(ms)})`);
    return ms;
  }

  /** `npm publish` of a packed tarball to this registry. */
  async publish(tarball: string): Promise<void> {
    await runCommand('npm', ['publish', tarball, '--registry', `http://127.0.0.1:${this.port}/`, '--userconfig', this.userconfig, '--ignore-scripts'], {
      label: `npm publish ${tarball}`,
      timeoutMs: 60_000,
    });
  }

  /** The environment an n8n process needs to install from this registry with its own installer. */
  n8nEnv(): Record<string, string> {
    const proxy = `http://127.0.0.1:${this.proxyPort}`;
    return {
      HTTPS_PROXY: proxy,
      HTTP_PROXY: proxy,
      // Everything n8n talks to on this machine (its task runners, Redis, PostgreSQL, webhooks) stays direct.
      NO_PROXY: '127.0.0.1,localhost,::1',
      NODE_EXTRA_CA_CERTS: this.caFile,
    };
  }

  async stop(): Promise<void> {
    await this.proxy?.stop();
    await this.verdaccio?.stop();
  }
}
