// The live n8n a command talks to: --n8n-url (else the env file's n8n.url) and the API key
// (N8N_API_KEY, else --api-key-file). The key is only ever sent as a header: never printed, logged
// or written. Its own module so unlock can use it without loading deploy.
import { InputError } from '../errors.js';
import { N8nApi } from '../deploy/n8n-api.js';
import { readText } from './io.js';

export interface N8nApiOptions {
  n8nUrl?: string;
  apiKeyFile?: string;
}

/** The API for `url` with the key of the options; a missing or empty key is exit 2. */
export function n8nApiFor(url: string, options: N8nApiOptions): N8nApi {
  let key: string | undefined;
  if (options.apiKeyFile) key = readText(options.apiKeyFile, '--api-key-file').trim();
  else key = process.env.N8N_API_KEY?.trim();
  if (!key) throw new InputError(options.apiKeyFile ? `--api-key-file ${options.apiKeyFile}: the file is empty` : 'no API key: set N8N_API_KEY or pass --api-key-file <file> (n8n: Settings > n8n API)');
  return new N8nApi(url, key);
}

/** --n8n-url, else the env file's n8n.url (when a string), else undefined. */
export function n8nUrlOf(options: N8nApiOptions, envN8nUrl: unknown): string | undefined {
  return options.n8nUrl ?? (typeof envN8nUrl === 'string' && envN8nUrl ? envN8nUrl : undefined);
}
