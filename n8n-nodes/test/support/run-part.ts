// Runs one part of the deployment matrix in a process of its own, for what only a process's
// environment can set (NODE_EXTRA_CA_CERTS, read once at start-up, as n8n's own process reads it).
//   node --import tsx run-part.ts <lock|functions|cli|metrics|queues|dashboard> '<credential JSON>' [url]
// Exit 0 when the part worked; otherwise the assertion on stderr and exit 1.
import { PARTS, type PartName } from './deployment-parts';

const [part, credentialJson, url] = process.argv.slice(2);
const credential = JSON.parse(credentialJson);
const work = part === 'cli' || part === 'metrics' || part === 'queues' || part === 'dashboard' ? PARTS[part](credential, url) : PARTS[part as Exclude<PartName, 'cli' | 'metrics' | 'queues' | 'dashboard'>](credential);
work.then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
