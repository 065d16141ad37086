// Parameter checks shared by the nodes: each error names the parameter as the editor shows it.
import { NodeOperationError, type ICredentialTestFunctions, type ICredentialsDecrypted, type INode, type INodeCredentialDescription, type INodeCredentialTestResult, type INodeProperties } from 'n8n-workflow';
import { connectOnce, topologyOf, type RedisCredential } from './redis';

export function positiveInteger(node: INode, displayName: string, value: unknown, itemIndex?: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new NodeOperationError(node, `Parameter "${displayName}" must be a whole number of at least 1, got ${JSON.stringify(value)}`, { itemIndex });
  return n;
}

export function positiveNumber(node: INode, displayName: string, value: unknown, itemIndex?: number): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new NodeOperationError(node, `Parameter "${displayName}" must be a number above 0, got ${JSON.stringify(value)}`, { itemIndex });
  return n;
}

/** The package's credential type: the stock fields plus topology (Cluster, Sentinel) and replica acknowledgement. */
export const LOCK_REDIS_CREDENTIAL = 'n8nLockRedisApi';

/**
 * Which credential a node connects with. The stock `redis` credential is the default, so every
 * workflow saved before this parameter existed (it has no `authentication`) keeps its credential.
 */
export const AUTHENTICATION_PROPERTY: INodeProperties = {
  displayName: 'Credential Type',
  name: 'authentication',
  type: 'options',
  noDataExpression: true,
  default: 'redis',
  options: [
    { name: 'Redis', value: 'redis', description: "n8n's own Redis credential: one server (standalone)" },
    { name: 'Redis Cluster or Sentinel (N8n-Lock Credential)', value: LOCK_REDIS_CREDENTIAL, description: 'Standalone, Cluster or Sentinel, and waiting for replicas to acknowledge a lock' },
  ],
};

/** The credentials entry of every node: one of the two, as Credential Type says. */
export const CREDENTIALS: INodeCredentialDescription[] = [
  { name: 'redis', required: true, displayOptions: { show: { authentication: ['redis'] } } },
  { name: LOCK_REDIS_CREDENTIAL, required: true, testedBy: 'n8nLockRedisConnectionTest', displayOptions: { show: { authentication: [LOCK_REDIS_CREDENTIAL] } } },
];

/**
 * The credential's Test button: connects as the nodes do (topology, TLS, ACL user, database) and
 * PINGs. Every node declares it (`methods.credentialTest`), as n8n looks it up on the node.
 */
export async function n8nLockRedisConnectionTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
  try {
    // connectOnce checks the topology fields first (a missing Cluster Nodes is named as such).
    const client = await connectOnce(credential.data as unknown as RedisCredential, 'n8n-lock:credential-test');
    try {
      await client.ping();
    } finally {
      client.disconnect();
    }
    return { status: 'OK', message: 'Connection successful' };
  } catch (error) {
    return { status: 'Error', message: (error as Error).message };
  }
}

export const CREDENTIAL_TEST_METHODS = { credentialTest: { n8nLockRedisConnectionTest } };

/** What a node throws: n8n's NodeOperationError as it is, anything else wrapped in one (`prefix` + its message). */
export function toNodeError(node: INode, error: unknown, prefix = ''): NodeOperationError {
  if (error instanceof NodeOperationError) return error;
  return new NodeOperationError(node, `${prefix}${(error as Error).message ?? String(error)}`);
}

/**
 * The credential Credential Type names, checked, or an error that says which parameter or field to
 * set. `authentication` is the parameter's value (absent in workflows saved before it existed).
 */
export async function redisCredential(ctx: { getCredentials<T extends object>(type: string): Promise<T> }, node: INode, authentication: unknown = 'redis'): Promise<RedisCredential> {
  const type = authentication === LOCK_REDIS_CREDENTIAL ? LOCK_REDIS_CREDENTIAL : 'redis';
  let credential: RedisCredential;
  try {
    credential = await ctx.getCredentials<RedisCredential>(type);
  } catch (error) {
    throw new NodeOperationError(node, `Parameter "Credential to connect with" has no usable Redis credential: ${(error as Error).message}`);
  }
  // The stock credential has no topology: whatever it holds, it is one server.
  // Nor a switch for metrics: recording is on.
  if (type === 'redis') credential = { ...credential, topology: 'standalone', replicaAcks: 0, recordMetrics: true };
  try {
    topologyOf(credential);
  } catch (error) {
    throw toNodeError(node, error, 'Parameter "Credential to connect with": ');
  }
  return credential;
}
