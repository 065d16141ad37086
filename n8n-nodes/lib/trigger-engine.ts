// How a trigger node runs its engine (the Function trigger's consumer, the Queue Trigger's): two
// connections that reconnect by themselves (one for commands, one that blocks: a blocked
// connection can do nothing else), the engine started on them, and both closed when n8n
// deactivates the workflow. A failure while starting closes what was opened and fails the
// activation with a node error.
import { NodeOperationError, type INode, type ITriggerResponse } from 'n8n-workflow';
import { close, connectResilient, type RedisClient, type RedisCredential } from './redis';

/** How long an engine's stop waits for each of its steps (its own work has waitForRunningMs). */
export const STOP_STEP_MS = 2_000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits for `work` (a failure ignored) at most `ms`: an engine's stop is bounded at every step, since
 * with Redis down a command connection queues until it is back, and a deactivation or shutdown must
 * not wait for that.
 */
export function waitAtMost(work: Promise<unknown> | undefined, ms: number): Promise<unknown> {
  return Promise.race([Promise.resolve(work).catch(() => undefined), sleep(ms)]);
}

export interface TriggerEngine {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function runTriggerEngine(
  node: INode,
  credential: RedisCredential,
  names: { commands: string; blocking: string },
  engineOn: (commands: RedisClient, blocking: RedisClient) => TriggerEngine,
  startFailure: string,
): Promise<ITriggerResponse> {
  const connections: RedisClient[] = [];
  try {
    connections.push(await connectResilient(credential, names.commands));
    connections.push(await connectResilient(credential, names.blocking));
  } catch (error) {
    await Promise.all(connections.map(close));
    throw new NodeOperationError(node, (error as Error).message);
  }
  const engine = engineOn(connections[0], connections[1]);
  try {
    await engine.start();
  } catch (error) {
    await Promise.all(connections.map(close));
    throw new NodeOperationError(node, `${startFailure}: ${(error as Error).message}`);
  }
  return {
    closeFunction: async () => {
      await engine.stop();
      await Promise.all(connections.map(close));
    },
  };
}
