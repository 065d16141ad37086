// The harness by hand (tsx):
//   node --import tsx test/e2e/harness/cli.ts install
//       installs (or finds) Node 24 + n8n in the cache and prints where and how long it took
//   node --import tsx test/e2e/harness/cli.ts up [--workflows <dir>] [--webhook <path>]... [--publish cli|sql] [--mode regular|queue]
//       starts a throwaway redis-server and n8n (with the Redis credential, and the workflows of
//       <dir> imported and published; queue mode: main + 2 workers on a throwaway PostgreSQL
//       database), prints the URLs, and stops everything on Ctrl-C
import { parseArgs } from 'node:util';
import { cacheRoot, ensureN8n, log, memoryReport, seconds, startStack, type E2eMode, type PublishMode } from './index.js';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      workflows: { type: 'string' },
      webhook: { type: 'string', multiple: true },
      publish: { type: 'string' },
      mode: { type: 'string' },
    },
  });
  const command = positionals[0] ?? 'help';
  if (command === 'install') {
    const install = await ensureN8n();
    log(`${install.cold ? 'installed' : 'already installed'} in ${seconds(install.ms)}: ${install.dir} (cache root ${cacheRoot()})`);
    log(memoryReport());
    return;
  }
  if (command === 'up') {
    if (values.mode !== undefined && values.mode !== 'regular' && values.mode !== 'queue') throw new Error(`--mode must be regular or queue (got ${values.mode})`);
    const stack = await startStack({ name: 'n8n-lock-up', mode: values.mode as E2eMode | undefined, workflows: values.workflows, webhookPaths: values.webhook ?? [], ...(values.publish ? { workflowsVia: 'cli' as const, publishMode: values.publish as PublishMode } : {}) });
    const { n8n, redis } = stack;
    log(`n8n:   ${n8n.baseUrl} (webhooks under ${n8n.baseUrl}/webhook/<path>; log ${n8n.logFile})`);
    log(`redis: redis-cli -p ${redis.port}`);
    for (const worker of n8n.workers) log(`${worker.name}: pid ${worker.pid}, log ${worker.logFile}`);
    log(`state: ${stack.dir}   Ctrl-C stops both`);
    await new Promise<void>((resolve) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
    });
    await stack.stop();
    process.exit(0);
  }
  process.stdout.write('usage: node --import tsx test/e2e/harness/cli.ts install | up [--workflows <dir>] [--webhook <path>]... [--publish cli|sql] [--mode regular|queue]\n');
  process.exitCode = command === 'help' ? 0 : 2;
}

main().catch((error) => {
  log(`failed: ${error.message}`);
  process.exit(1);
});
