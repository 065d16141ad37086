#!/usr/bin/env bash
# The e2e harness by hand, from anywhere in the repo:
#   scripts/e2e/n8n-e2e.sh install                      # warm the Node 24 + n8n cache (CI can run this early)
#   scripts/e2e/n8n-e2e.sh up --workflows <dir> --webhook <path>   # a throwaway n8n + redis-server until Ctrl-C
# Environment: N8N_LOCK_E2E_CACHE (cache root), N8N_LOCK_E2E_PUBLISH=sql|cli, N8N_LOCK_E2E_KEEP=1,
# N8N_LOCK_E2E_REDIS_SERVER (path to redis-server).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec node --import tsx test/e2e/harness/cli.ts "$@"
