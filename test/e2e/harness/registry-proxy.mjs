// The HTTPS proxy that makes a local npm registry answer as registry.npmjs.org, for n8n only.
//
// Why: n8n 2.41 installs community packages from its default registry, https://registry.npmjs.org;
// any other registry (N8N_COMMUNITY_PACKAGES_REGISTRY) is an Enterprise-licensed feature
// (COMMUNITY_NODES_CUSTOM_REGISTRY, checked in CommunityPackagesService.getNpmRegistry), and the
// package under test is not on npm. So n8n runs unchanged, with HTTPS_PROXY pointing here and a
// throwaway CA in NODE_EXTRA_CA_CERTS: a CONNECT to registry.npmjs.org:443 is answered with a
// certificate for that name signed by the CA, and every request in the tunnel goes to verdaccio.
// Any other destination is refused (403) and logged, so nothing leaves the machine through n8n.
//   node registry-proxy.mjs <listen-port> <verdaccio-port> <cert.pem> <key.pem>
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { createServer as createTlsHttpServer } from 'node:https';

const REGISTRY_HOST = 'registry.npmjs.org';
const [listenPort, targetPort, certFile, keyFile] = process.argv.slice(2);

const registry = createTlsHttpServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, (incoming, outgoing) => {
  console.log(`proxied ${incoming.method} https://${REGISTRY_HOST}${incoming.url}`);
  const forwarded = request(
    { host: '127.0.0.1', port: Number(targetPort), method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: REGISTRY_HOST, 'x-forwarded-proto': 'https' } },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', (error) => outgoing.writeHead(502).end(`registry-proxy: ${error.message}`));
  incoming.pipe(forwarded);
});

const proxy = createServer((incoming, outgoing) => {
  console.log(`refused plain ${incoming.method} ${incoming.url}`);
  outgoing.writeHead(403).end('registry-proxy: only https://registry.npmjs.org goes through this proxy\n');
});
proxy.on('connect', (incoming, socket) => {
  if (incoming.url !== `${REGISTRY_HOST}:443`) {
    console.log(`refused CONNECT ${incoming.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    return;
  }
  socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
  registry.emit('connection', socket);
});
proxy.listen(Number(listenPort), '127.0.0.1', () => console.log(`registry-proxy listening on 127.0.0.1:${listenPort} for ${REGISTRY_HOST} -> 127.0.0.1:${targetPort}`));
