// Builds the dashboard's page into dist/dashboard/assets/ (app.js, app.css): Preact, htm, uPlot
// and the page's own code bundled by esbuild into one script, uPlot's stylesheet and ours into one
// sheet. Nothing is fetched at run time, so the page works offline and behind any firewall. Runs
// in `npm run build` (and so in prepack: the assets are in every packed tarball). The page's
// TypeScript is checked first (it has its own tsconfig: DOM types, no Node emit).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const page = 'src/dashboard/page';
const out = 'dist/dashboard/assets';
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', `${page}/tsconfig.json`], { stdio: 'inherit' });
mkdirSync(out, { recursive: true });
await build({ entryPoints: [`${page}/app.ts`], bundle: true, minify: true, format: 'esm', target: 'es2020', outfile: `${out}/app.js`, legalComments: 'eof', logLevel: 'warning' });
const css = [readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8'), readFileSync(`${page}/style.css`, 'utf8')].join('\n');
writeFileSync(`${out}/app.css`, css);
