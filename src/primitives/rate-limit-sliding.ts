import { codeBody, GraphBuilder } from './common.js';
import { codeNode, executeWorkflowTrigger, redisNode } from '../workflow/nodes.js';
import type { Workflow } from '../workflow/schema.js';
import { RATE_LIMIT_INPUTS } from './rate-limit-check.js';

const P = 'rate_limit_sliding';
const CODE = 'rate-limit-sliding';

export const RATE_LIMIT_SLIDING_NODES = {
  trigger: 'Execute Workflow Trigger',
  buildKeys: 'Build Window Keys',
  getPrevious: 'GET Previous Window',
  incr: 'Redis INCR',
  result: 'Build Result',
} as const;

/**
 * rate_limit_sliding: the sliding-window counter of stock nodes. Same inputs and output as
 * rate_limit_check (plus `estimate` and `previous_count`), same key names (`n8n-ratelimit-<scope>-
 * <bucket>`), each counter kept for two windows. GET of the previous window, then INCR of the
 * current one: the INCR is what orders concurrent callers, as in the fixed window. Five nodes: the
 * fixed window's four plus the GET (a Code node has no Redis).
 */
export function buildRateLimitSliding(): Workflow {
  const N = RATE_LIMIT_SLIDING_NODES;
  const at = (name: string) => ({ idSeed: `${P}/${name}`, name });
  const keys = "$('Build Window Keys').first().json";
  return new GraphBuilder()
    .add(
      executeWorkflowTrigger({ ...at(N.trigger), position: [0, 300] }, RATE_LIMIT_INPUTS.map((i) => ({ ...i }))),
      codeNode({ ...at(N.buildKeys), position: [220, 300] }, codeBody(CODE, 'buildWindowKeys')),
      redisNode({ ...at(N.getPrevious), position: [440, 300] }, { operation: 'get', key: '={{ $json.previous_key }}', propertyName: 'previous_count' }),
      redisNode({ ...at(N.incr), position: [660, 300] }, { operation: 'incr', key: `={{ ${keys}.key }}`, ttl: `={{ ${keys}.ttl_seconds }}` }),
      codeNode({ ...at(N.result), position: [880, 300] }, codeBody(CODE, 'buildResult')),
    )
    .connect(N.trigger, N.buildKeys)
    .connect(N.buildKeys, N.getPrevious)
    .connect(N.getPrevious, N.incr)
    .connect(N.incr, N.result)
    .build('Rate Limit Sliding');
}
