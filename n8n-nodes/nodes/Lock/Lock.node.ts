import { NodeConnectionTypes, NodeOperationError, type IDataObject, type IExecuteFunctions, type INode, type INodeExecutionData, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { acquireLock, extendLock, LockError, releaseLock } from '../../lib/lock';
import { LOCK_KEY_SUFFIXES } from 'n8n-lock-protocol/keys';
import { LOCK_NODE_CONNECTION_NAME } from 'n8n-lock-protocol/native-lock';
import { AUTHENTICATION_PROPERTY, CREDENTIAL_TEST_METHODS, CREDENTIALS, positiveInteger, positiveNumber, redisCredential, toNodeError } from '../../lib/parameters';
import { poolFor } from '../../lib/pool';
import { replicaAckOf } from '../../lib/redis';
import { recorderFor } from '../../lib/metrics';
import { assertSupportedN8n } from '../../lib/n8n-version';

// In an n8n outside the supported range, loading stops here with one line in n8n's log.
assertSupportedN8n();

const show = (...operation: string[]) => ({ displayOptions: { show: { operation } } });

export class Lock implements INodeType {
  methods = CREDENTIAL_TEST_METHODS;

  description: INodeTypeDescription = {
    displayName: 'Lock',
    name: 'lock',
    icon: { light: 'file:lock.svg', dark: 'file:lock.dark.svg' },
    group: ['transform'],
    version: 1,
    subtitle: '={{ $parameter["operation"] + ": " + $parameter["scope"] }}',
    description: 'A per-resource mutex or semaphore in Redis, atomic and fenced: the native engine of n8n-lock, interoperable with its stock primitives',
    defaults: { name: 'Lock' },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: CREDENTIALS,
    properties: [
      AUTHENTICATION_PROPERTY,
      {
        displayName: 'Operation',
        name: 'operation',
        type: 'options',
        noDataExpression: true,
        default: 'acquire',
        options: [
          { name: 'Acquire', value: 'acquire', action: 'Acquire a lock', description: 'Take the lock of a scope, waiting while another execution holds it' },
          { name: 'Extend', value: 'extend', action: 'Extend a lock', description: 'Give a held lock a new TTL' },
          { name: 'Release', value: 'release', action: 'Release a lock', description: 'Free the lock this execution holds and wake the next waiter' },
        ],
      },
      {
        displayName: 'Scope',
        name: 'scope',
        type: 'string',
        default: '',
        required: true,
        placeholder: 'e.g. crm-contact-{{ $json.email }}',
        description:
          'What the lock protects: executions with the same scope never hold it at once. Stock and native callers of one scope exclude each other. Evaluated per item: one Acquire takes the distinct scopes of all its items at once or waits without holding any, and Release frees them all',
      },
      {
        displayName: 'Max Holders',
        name: 'maxHolders',
        type: 'number',
        typeOptions: { minValue: 1, numberPrecision: 0 },
        default: 1,
        ...show('acquire'),
        description: 'How many executions may hold the scope at once: 1 is a mutex (shared with the stock primitives), more is a counting semaphore (native Lock nodes only, one scope per batch). Use the same value in every workflow that locks the scope.',
      },
      {
        displayName: 'Lock ID',
        name: 'lockId',
        type: 'string',
        default: '={{ $execution.id }}',
        description: 'Who holds the lock. Release and Extend must pass the lock_id Acquire returned.',
      },
      {
        displayName: 'TTL (Seconds)',
        name: 'ttlSeconds',
        type: 'number',
        typeOptions: { minValue: 1 },
        default: 300,
        ...show('acquire', 'extend'),
        description: 'The lock frees itself after this long if nothing releases it (a crashed execution)',
      },
      {
        displayName: 'Wait Till Lock Released',
        name: 'waitTillLockReleased',
        type: 'boolean',
        default: true,
        ...show('acquire'),
        description: 'Whether to wait while another execution holds the lock; off: fail at once',
      },
      {
        displayName: 'Max Wait (Seconds)',
        name: 'maxWaitSeconds',
        type: 'number',
        typeOptions: { minValue: 0 },
        default: 300,
        // Only where it applies: an Acquire that waits.
        displayOptions: { show: { operation: ['acquire'], waitTillLockReleased: [true] } },
        description: 'Fail after waiting this long',
      },
      {
        displayName: 'Options',
        name: 'options',
        type: 'collection',
        placeholder: 'Add Option',
        default: {},
        options: [
          {
            displayName: 'Poll (Seconds)',
            name: 'pollSeconds',
            type: 'number',
            typeOptions: { minValue: 0.01 },
            default: 1,
            // Only a waiting Acquire polls ('/' reaches the node's own parameters from inside the collection).
            displayOptions: { show: { '/operation': ['acquire'], '/waitTillLockReleased': [true] } },
            description: 'A waiter is woken when a native holder releases; it also re-checks this often, for stock holders, which wake nobody',
          },
          {
            displayName: 'Result Field',
            name: 'resultField',
            type: 'string',
            default: 'lock',
            description: 'Acquire puts the lock (lock_id, fence, expires_at) in this field of every item, Extend updates its expires_at there, Release removes it again, so items leave the locked section as they entered',
          },
        ],
      },
    ],
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const node = this.getNode();
    const items = this.getInputData();
    // Scope is read per item (a batch of records locks every record); every other parameter is
    // one value for the whole batch, and a batch whose items disagree on it is refused, never
    // decided by its first item alone.
    const forAll = <T>(name: string, displayName: string, fallback: T): T => oneForAllItems(node, items.length, displayName, (i) => this.getNodeParameter(name, i, fallback) as T);
    const operation = String(forAll('operation', 'Operation', 'acquire'));
    const itemScopes = items.map((_, i) => scopeOfItem(node, this.getNodeParameter('scope', i, ''), i));
    const scopes = [...new Set(itemScopes)];
    const lockId = String(forAll('lockId', 'Lock ID', '') ?? '').trim() || this.getExecutionId();
    const options = forAll('options', 'Options', {}) as { pollSeconds?: number; resultField?: string };
    const resultField = String(options.resultField || 'lock');
    // Where the time goes (bench:e2e reads it): n8n's credential lookup, then Redis.
    const started = performance.now();
    const credential = await redisCredential(this, node, this.getNodeParameter('authentication', 0, 'redis'));
    const pool = poolFor(credential, LOCK_NODE_CONNECTION_NAME);
    const credentialsMs = performance.now() - started;
    // Labelled by the Scope parameter as written (node.parameters holds it unevaluated): one series per node, not per record.
    const recorder = recorderFor(credential, { kind: 'lock', workflowId: String(this.getWorkflow().id ?? ''), node: node.name, subject: String(node.parameters.scope ?? '') }, (message) => this.logger.warn(message));

    try {
      if (operation === 'acquire') {
        const ttlSeconds = positiveNumber(node, 'TTL (Seconds)', forAll('ttlSeconds', 'TTL (Seconds)', 300));
        const maxHolders = positiveInteger(node, 'Max Holders', forAll('maxHolders', 'Max Holders', 1));
        if (maxHolders > 1 && scopes.length > 1) throw new NodeOperationError(node, `Parameter "Max Holders" is ${maxHolders}, and the items name ${scopes.length} scopes (${scopes.slice(0, 3).map((scope) => JSON.stringify(scope)).join(', ')}${scopes.length > 3 ? ', ...' : ''}): a semaphore admits holders of one scope; give the batch one scope, or run the section once per item (Loop Over Items, batch size 1)`);
        const maxWait = Number(forAll('maxWaitSeconds', 'Max Wait (Seconds)', 300));
        if (!Number.isFinite(maxWait) || maxWait < 0) throw new NodeOperationError(node, `Parameter "Max Wait (Seconds)" must be 0 or more, got ${JSON.stringify(maxWait)}`);
        const pollSeconds = positiveNumber(node, 'Poll (Seconds)', options.pollSeconds ?? 1);
        const workflow = this.getWorkflow();
        // Freed when the execution ends, however it ends (a failure too), without waiting for the
        // error workflow or the TTL; after a Lock Release this finds nothing and does nothing.
        // Registered before acquiring: an acquire whose reply was lost may still have taken it.
        this.onExecutionFinish?.(async () => {
          const redis = await poolFor(credential, LOCK_NODE_CONNECTION_NAME).command();
          // Held by the next execution by now, or Redis is away: the TTL frees it then.
          await Promise.all(scopes.map((scope) => releaseLock(redis, scope, lockId, maxHolders > 1 ? 'semaphore' : 'mutex', recorder).catch(() => undefined)));
        });
        const locks = await acquireLock(pool, {
          scopes,
          ttlSeconds,
          maxHolders,
          holder: { lock_id: lockId, workflow_id: String(workflow.id ?? ''), workflow_name: String(workflow.name ?? ''), execution_id: this.getExecutionId(), locked_at: '' },
          waitTillLockReleased: forAll<boolean>('waitTillLockReleased', 'Wait Till Lock Released', true) !== false,
          maxWaitSeconds: maxWait,
          pollSeconds,
          replicaAck: replicaAckOf(credential),
          recorder,
        });
        const timing = { credentials_ms: round(credentialsMs), lock_ms: round(performance.now() - started - credentialsMs) };
        const byScope = new Map(locks.map((lock) => [lock.scope, lock]));
        return [items.map((item, i) => ({ ...item, json: { ...item.json, [resultField]: { ...byScope.get(itemScopes[i]), timing } as IDataObject }, pairedItem: { item: i } }))];
      }
      const redis = await pool.command();
      if (operation === 'release') {
        for (const scope of scopes) await releaseLock(redis, scope, lockId, 'either', recorder);
        return [
          items.map((item, i) => {
            const { [resultField]: _lock, ...json } = item.json;
            return { ...item, json, pairedItem: { item: i } };
          }),
        ];
      }
      if (operation === 'extend') {
        const ttlSeconds = positiveNumber(node, 'TTL (Seconds)', forAll('ttlSeconds', 'TTL (Seconds)', 300));
        const extended = new Map<string, object>();
        for (const scope of scopes) extended.set(scope, await extendLock(redis, scope, lockId, ttlSeconds, Date.now(), replicaAckOf(credential), recorder));
        // Into the same field Acquire wrote: the lock the item carries, with its new expiry.
        return [items.map((item, i) => ({ ...item, json: { ...item.json, [resultField]: { ...((item.json[resultField] as object | undefined) ?? {}), ...extended.get(itemScopes[i]) } as IDataObject }, pairedItem: { item: i } }))];
      }
      throw new NodeOperationError(node, `Parameter "Operation" must be acquire, release or extend, got ${JSON.stringify(operation)}`);
    } catch (error) {
      if (error instanceof LockError) throw new NodeOperationError(node, error.message);
      throw toNodeError(node, error, 'Redis: ');
    }
  }
}

/** An item's scope, checked: not empty, and not one of another scope's keys. */
function scopeOfItem(node: INode, value: unknown, itemIndex: number): string {
  const scope = String(value ?? '').trim();
  if (scope === '') throw new NodeOperationError(node, `Parameter "Scope" is empty for item ${itemIndex}: the lock needs a scope (lock_acquisition: scope is required)`, { itemIndex });
  const reserved = LOCK_KEY_SUFFIXES.find((suffix) => scope.endsWith(suffix));
  if (reserved) throw new NodeOperationError(node, `Parameter "Scope" of item ${itemIndex} ends with "${reserved}", which names one of another scope's keys (n8n-lock-<scope>${reserved}): choose another scope`, { itemIndex });
  return scope;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * A parameter's value when every item gives the same one; otherwise an error naming the parameter
 * and the first two items that disagree, and what to do instead.
 */
function oneForAllItems<T>(node: INode, count: number, displayName: string, read: (itemIndex: number) => T): T {
  const first = read(0);
  for (let i = 1; i < count; i++) {
    const value = read(i);
    if (JSON.stringify(value) !== JSON.stringify(first)) {
      throw new NodeOperationError(
        node,
        `Parameter "${displayName}" differs between items (item 0: ${JSON.stringify(first)}, item ${i}: ${JSON.stringify(value)}): one Lock node takes one lock for the whole batch (its items' scopes all at once), with one value of it. To lock each record separately, run the section once per item (Loop Over Items, batch size 1)`,
      );
    }
  }
  return first;
}
