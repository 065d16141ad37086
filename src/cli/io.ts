import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, basename, join, relative, isAbsolute, resolve } from 'node:path';
import { InputError } from '../errors.js';

/** Reads a UTF-8 text file; a missing or unreadable file is an InputError naming it. */
export function readText(path: string, label = path): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`${label}: file not found`);
    if (code === 'EISDIR') throw new InputError(`${label}: is a directory, expected a file`);
    throw new InputError(`${label}: cannot read (${code ?? (error as Error).message})`);
  }
}

/** Real path of `path`, resolving symlinks as far as the path exists (the rest is appended). */
function realpathOfNearest(path: string): string {
  let probe = resolve(path);
  const tail: string[] = [];
  while (!existsSync(probe)) {
    tail.unshift(basename(probe));
    const parent = dirname(probe);
    if (parent === probe) break;
    probe = parent;
  }
  return join(realpathSync(probe), ...tail);
}

/** True when `path` (resolved through symlinks as far as it exists) lies inside `root`. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(realpathOfNearest(root), realpathOfNearest(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * A set of file writes that is checked completely before the first byte is written, then applied
 * file by file with temp file + rename (atomic per file). Commands build one plan and commit it
 * last, so any input error leaves the disk untouched.
 */
export class WritePlan {
  private readonly writes = new Map<string, string>();

  constructor(private readonly root: string) {}

  /** Queues `content` for `path`; refuses paths that leave the repository (also through symlinks). */
  put(path: string, content: string, label = path): void {
    const abs = resolve(path);
    if (existsSync(abs) && lstatSync(abs).isSymbolicLink() && !isInside(this.root, abs)) {
      throw new InputError(`${label}: is a symlink that points outside the repository; refusing to write through it`);
    }
    if (!isInside(this.root, abs)) {
      throw new InputError(`${label}: lies outside the repository (${this.root}); refusing to write`);
    }
    const dir = dirname(abs);
    if (existsSync(dir) && !statSync(dir).isDirectory()) {
      throw new InputError(`${relative(this.root, dir) || dir}: is a file, expected a directory`);
    }
    if (existsSync(abs) && statSync(abs).isDirectory()) {
      throw new InputError(`${label}: is a directory, expected a file`);
    }
    this.writes.set(abs, content);
  }

  /** Files whose content would actually change. */
  changedFiles(): string[] {
    return [...this.writes.entries()]
      .filter(([path, content]) => !existsSync(path) || readFileSync(path, 'utf8') !== content)
      .map(([path]) => path);
  }

  /**
   * Writes every changed file: first every temp file (so an unwritable folder fails before any
   * target changes), then the renames. Unchanged files are not touched (idempotence).
   */
  commit(): string[] {
    const changed = this.changedFiles();
    const staged: Array<[temp: string, target: string]> = [];
    try {
      for (const path of changed) staged.push([writeTemp(path, this.writes.get(path)!), path]);
    } catch (error) {
      for (const [temp] of staged) rmSync(temp, { force: true });
      throw error;
    }
    for (const [temp, target] of staged) renameSync(temp, target);
    return changed;
  }
}

/** temp file in the same folder + rename, so a reader never sees a half-written file. */
export function writeFileAtomic(path: string, content: string): void {
  renameSync(writeTemp(path, content), path);
}

function writeTemp(path: string, content: string): string {
  const dir = dirname(path);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new InputError(`${dir}: cannot create directory (${(error as NodeJS.ErrnoException).code})`);
  }
  const temp = join(dir, `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    writeFileSync(temp, content, { encoding: 'utf8', flag: 'wx' });
  } catch (error) {
    rmSync(temp, { force: true });
    throw new InputError(`${path}: cannot write (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return temp;
}
