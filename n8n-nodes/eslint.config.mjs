// n8n's own lint for community node packages (@n8n/node-cli, as the n8n-nodes-starter uses it):
// `npm run lint` here runs `n8n-node lint`. The configuration without the n8n Cloud rules: this
// package talks to Redis over TCP (ioredis), which Cloud's restrictions forbid by design. Every
// rule kept off below says why, here and nowhere else. Never run `n8n-node lint --fix` blindly: it
// would rename the stock `redis` credential to `redisApi` and break every existing workflow.
import { configWithoutCloudSupport } from '@n8n/node-cli/eslint';

export default [
  ...configWithoutCloudSupport,
  // The tests are not shipped (package.json `files`): they run in Node, start redis-server, print
  // their measurements. The rules for code n8n loads do not apply to them.
  { ignores: ['test/**', 'dist/**', 'build.mjs'] },
  {
    files: ['**/*.ts'],
    rules: {
      // `const { omitted: _omitted, ...rest } = value` is how this code drops a field; the rest is used.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // lib/ is the engine the five nodes share (and the unit tests drive): it has no node to attach
    // an error to. Every node's execute wraps what reaches it in NodeOperationError (toNodeError in
    // lib/parameters.ts), so the rule holds at the boundary n8n sees.
    files: ['lib/**/*.ts'],
    rules: { '@n8n/community-nodes/require-node-api-error': 'off' },
  },
  {
    // A lock held across an AI agent's turns, an answer to a call the agent did not receive, or a
    // rate limit the agent's own calls do not pass through, are not tools an agent should pick:
    // only Call Function is usable as a tool.
    files: ['nodes/Lock/Lock.node.ts', 'nodes/ReturnFromFunction/ReturnFromFunction.node.ts', 'nodes/RateLimit/RateLimit.node.ts'],
    rules: { '@n8n/community-nodes/node-usable-as-tool': 'off' },
  },
  {
    // The package credential is tested by every node (testedBy: 'n8nLockRedisConnectionTest' in
    // CREDENTIALS, lib/parameters.ts, with methods.credentialTest on each node; nodes.test.ts runs
    // it against a real redis-server). The rule only reads credentials written out literally in a
    // node file, not a shared constant.
    files: ['credentials/N8nLockRedisApi.credentials.ts'],
    rules: { '@n8n/community-nodes/credential-test-required': 'off' },
  },
];
