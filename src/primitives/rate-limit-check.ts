import { codeBody, GraphBuilder } from './common.js';
import { codeNode, executeWorkflowTrigger, redisNode } from '../workflow/nodes.js';
import type { Workflow } from '../workflow/schema.js';

const P = 'rate_limit_check';
const CODE = 'rate-limit-check';

export const RATE_LIMIT_NODES = {
  trigger: 'Execute Workflow Trigger',
  buildKey: 'Build Bucket Key',
  incr: 'Redis INCR',
  result: 'Build Result',
} as const;

export const RATE_LIMIT_INPUTS = [
  { name: 'scope', type: 'string' },
  { name: 'limit', type: 'number' },
  { name: 'windowSeconds', type: 'number' },
] as const;

/**
 * rate_limit_check: a fixed-window counter. The bucket number is part of the key, so the per-call
 * EXPIRE refresh never stretches a window; old buckets expire on their own.
 */
export function buildRateLimitCheck(): Workflow {
  const N = RATE_LIMIT_NODES;
  const at = (name: string) => ({ idSeed: `${P}/${name}`, name });
  return new GraphBuilder()
    .add(
      executeWorkflowTrigger({ ...at(N.trigger), position: [0, 300] }, RATE_LIMIT_INPUTS.map((i) => ({ ...i }))),
      codeNode({ ...at(N.buildKey), position: [220, 300] }, codeBody(CODE, 'buildBucketKey')),
      redisNode({ ...at(N.incr), position: [440, 300] }, { operation: 'incr', key: '={{ $json.key }}', ttl: '={{ $json.ttl_seconds }}' }),
      codeNode({ ...at(N.result), position: [660, 300] }, codeBody(CODE, 'buildResult')),
    )
    .connect(N.trigger, N.buildKey)
    .connect(N.buildKey, N.incr)
    .connect(N.incr, N.result)
    .build('Rate Limit Check');
}
