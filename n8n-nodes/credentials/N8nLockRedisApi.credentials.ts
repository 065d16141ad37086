// The package's Redis credential: the stock `redis` credential's fields (same names, so one code
// path reads both) plus what the stock one cannot say: the topology (a Cluster's seed nodes, a
// Sentinel set) and how many replicas must hold a lock before it counts. A deployment property,
// so it lives in the credential (one per environment), not in every node of every workflow.
import type { ICredentialType, INodeProperties } from 'n8n-workflow';
import { assertSupportedN8n } from '../lib/n8n-version';

// In an n8n outside the supported range, loading stops here with one line in n8n's log.
assertSupportedN8n();

const when = (...topology: string[]) => ({ displayOptions: { show: { topology } } });

export class N8nLockRedisApi implements ICredentialType {
  name = 'n8nLockRedisApi';

  displayName = 'Redis Cluster or Sentinel (Lock Nodes)';

  documentationUrl = 'https://github.com/n8n-lock/n8n-lock#redis-deployments';

  icon = { light: 'file:../nodes/Lock/lock.svg', dark: 'file:../nodes/Lock/lock.dark.svg' } as const;

  properties: INodeProperties[] = [
    {
      displayName: 'Topology',
      name: 'topology',
      type: 'options',
      default: 'standalone',
      options: [
        { name: 'Cluster', value: 'cluster', description: 'A Redis Cluster: keys are spread over masters by hash slot' },
        { name: 'Sentinel', value: 'sentinel', description: 'A master watched by sentinels, which promote a replica when it fails' },
        { name: 'Standalone', value: 'standalone', description: 'One server (with or without replicas you do not fail over to)' },
      ],
    },
    { displayName: 'Host', name: 'host', type: 'string', default: 'localhost', ...when('standalone') },
    { displayName: 'Port', name: 'port', type: 'number', default: 6379, ...when('standalone') },
    {
      displayName: 'Cluster Nodes',
      name: 'clusterNodes',
      type: 'string',
      default: '',
      placeholder: 'e.g. redis-1:6379, redis-2:6379, redis-3:6379',
      description: 'Some nodes of the Cluster, comma-separated host:port; the others are learned from them',
      ...when('cluster'),
    },
    {
      displayName: 'Sentinels',
      name: 'sentinels',
      type: 'string',
      default: '',
      placeholder: 'e.g. sentinel-1:26379, sentinel-2:26379, sentinel-3:26379',
      description: 'The sentinels, comma-separated host:port (port 26379 when omitted)',
      ...when('sentinel'),
    },
    { displayName: 'Master Name', name: 'masterName', type: 'string', default: 'mymaster', description: 'The name the sentinels know the master by (sentinel monitor <name> ...)', ...when('sentinel') },
    { displayName: 'Sentinel User', name: 'sentinelUser', type: 'string', default: '', description: 'Leave empty when the sentinels need no ACL user', ...when('sentinel') },
    { displayName: 'Sentinel Password', name: 'sentinelPassword', type: 'string', typeOptions: { password: true }, default: '', ...when('sentinel') },
    { displayName: 'User', name: 'user', type: 'string', default: '', description: 'The ACL user of the data nodes; leave empty for the default user' },
    { displayName: 'Password', name: 'password', type: 'string', typeOptions: { password: true }, default: '' },
    { displayName: 'Database Number', name: 'database', type: 'number', default: 0, description: 'A Cluster has database 0 only', ...when('standalone', 'sentinel') },
    { displayName: 'SSL', name: 'ssl', type: 'boolean', default: false },
    { displayName: 'Ignore SSL Issues (Insecure)', name: 'disableTlsVerification', type: 'boolean', default: false, displayOptions: { show: { ssl: [true] } } },
    {
      displayName: 'Replica Acknowledgements',
      name: 'replicaAcks',
      type: 'number',
      typeOptions: { minValue: 0 },
      default: 0,
      description:
        'Replicas that must hold a lock before Acquire (and Extend) succeeds (Redis WAIT). With 0 a lock acquired just before the master fails can vanish on failover; with 1 it survives the failover of a master with one replica.',
    },
    {
      displayName: 'Replica Acknowledgement Timeout (Ms)',
      name: 'replicaAckTimeoutMs',
      type: 'number',
      typeOptions: { minValue: 1 },
      default: 1000,
      description: 'How long Acquire waits for the replicas; a lock they did not acknowledge in time is given back and Acquire fails',
      displayOptions: { hide: { replicaAcks: [0] } },
    },
    {
      displayName: 'Record Metrics',
      name: 'recordMetrics',
      type: 'boolean',
      default: true,
      description:
        'Whether the Lock, Rate Limit and function nodes record their decisions in Redis (keys n8n-lock:metrics:*) for the n8n-lock metrics exporter: inside the same script as the decision, so no extra round trip. A recording that fails never fails an execution',
    },
  ];
}
