// An n8n package (`.n8np`, n8n 2.41's beta `POST /api/v1/n8n-packages/import`): a gzip tar with
// `manifest.json` and, per workflow, `workflows/<id>/workflow.json` and `workflow-metadata.json`,
// in the format n8n's own export writes (learned from a real export of the e2e n8n; the schemas
// are modules/n8n-packages/spec/ in n8n's dist). The same package imports into n8n 2.35 to 2.39,
// which read the version and the published flag from workflow.json (checked on 2.35.7). Pure:
// data in, bytes out.
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { WorkflowBody } from './workflow-body.js';

export const PACKAGE_FORMAT_VERSION = '1';

export interface PackageWorkflow {
  id: string;
  body: WorkflowBody;
  /** Published after the import (metadata.publishedVersionId set, policy match-source). */
  publish: boolean;
}

export interface PackageCredential {
  id: string;
  name: string;
  type: string;
  usedByWorkflows: string[];
}

/** The files of a package, path -> JSON text (tab-indented, as n8n writes them). */
export function packageFiles(workflows: PackageWorkflow[], credentials: PackageCredential[], exportedAt: Date, sourceId: string): Map<string, string> {
  const json = (value: unknown) => JSON.stringify(value, null, '\t');
  const files = new Map<string, string>();
  const nodeTypes = new Map<string, { type: string; typeVersion: number; usedByWorkflows: string[] }>();
  for (const w of workflows) {
    // The package schema wants an id on every node; a node the file gives none gets one here.
    const nodes = w.body.nodes.map((n) => (typeof n.id === 'string' && n.id ? n : { ...n, id: randomUUID() }));
    for (const n of nodes) {
      const key = `${n.type}@${n.typeVersion}`;
      const entry = nodeTypes.get(key) ?? { type: String(n.type), typeVersion: Number(n.typeVersion), usedByWorkflows: [] };
      if (!entry.usedByWorkflows.includes(w.id)) entry.usedByWorkflows.push(w.id);
      nodeTypes.set(key, entry);
    }
    const versionId = randomUUID();
    // versionId and isPublished are where n8n 2.35 to 2.39 read them; 2.40 reads them from the
    // metadata file and drops them here (its schema strips keys it does not list).
    files.set(`workflows/${w.id}/workflow.json`, json({ id: w.id, name: w.body.name, nodes, connections: w.body.connections, settings: w.body.settings, versionId, parentFolderId: null, isPublished: w.publish, isArchived: false }));
    files.set(`workflows/${w.id}/workflow-metadata.json`, json({ versionId, publishedVersionId: w.publish ? versionId : null }));
  }
  const requirements = {
    ...(credentials.length ? { credentials } : {}),
    ...(nodeTypes.size ? { nodeTypes: [...nodeTypes.values()] } : {}),
  };
  const manifest = {
    packageFormatVersion: PACKAGE_FORMAT_VERSION,
    exportedAt: exportedAt.toISOString(),
    sourceN8nVersion: 'n8n-lock',
    sourceId,
    workflows: workflows.map((w) => ({ id: w.id, name: w.body.name, target: `workflows/${w.id}` })),
    ...(Object.keys(requirements).length ? { requirements } : {}),
  };
  return new Map([['manifest.json', json(manifest)], ...files]);
}

/** One 512-byte ustar header for a regular file. */
function tarHeader(path: string, size: number, mtime: number): Buffer {
  const header = Buffer.alloc(512, 0);
  const put = (value: string, offset: number, length: number) => header.write(value, offset, length, 'utf8');
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0') + '\0';
  if (Buffer.byteLength(path) > 100) throw new Error(`package entry path longer than 100 bytes: ${path}`);
  put(path, 0, 100);
  put(octal(0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(mtime, 12), 136, 12);
  put('        ', 148, 8); // the checksum counts itself as spaces
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const byte of header) sum += byte;
  put(octal(sum, 7) + ' ', 148, 8);
  return header;
}

/** A gzip-compressed ustar archive of `files` (regular files only, mode 0644). */
export function tarGz(files: Map<string, string>, mtime = 0): Buffer {
  const parts: Buffer[] = [];
  for (const [path, text] of files) {
    const data = Buffer.from(text, 'utf8');
    parts.push(tarHeader(path, data.length, mtime), data, Buffer.alloc((512 - (data.length % 512)) % 512, 0));
  }
  parts.push(Buffer.alloc(1024, 0));
  return gzipSync(Buffer.concat(parts));
}
