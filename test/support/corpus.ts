// The real-workflow corpus vendored in test/fixtures/corpus (CC BY 4.0, see its NOTICE; read only:
// tests copy files before writing).
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './cli.js';

export const CORPUS_DIR = join(ROOT, 'test', 'fixtures', 'corpus', 'awesome-n8n-templates');

export interface CorpusFile {
  name: string;
  path: string;
  text: string;
  /** Parsed JSON, or undefined for the files that are not valid JSON. */
  json: any;
}

export function corpusFiles(): CorpusFile[] {
  if (!existsSync(CORPUS_DIR)) throw new Error(`corpus not found at ${CORPUS_DIR} (vendored with the repository)`);
  const out: CorpusFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.json')) {
        const text = readFileSync(path, 'utf8');
        let json: any;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        out.push({ name: relative(CORPUS_DIR, path), path, text, json });
      }
    }
  };
  walk(CORPUS_DIR);
  return out;
}
