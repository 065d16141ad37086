// Parameter checks shared by the nodes: each error names the parameter as the editor shows it.
import { NodeOperationError, type INode } from 'n8n-workflow';
import type { RedisCredential } from './redis';

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

/** The stock `redis` credential, or an error that says which parameter to set. */
export async function redisCredential(ctx: { getCredentials<T extends object>(type: string): Promise<T> }, node: INode): Promise<RedisCredential> {
  try {
    return await ctx.getCredentials<RedisCredential>('redis');
  } catch (error) {
    throw new NodeOperationError(node, `Parameter "Credential to connect with" has no usable Redis credential: ${(error as Error).message}`);
  }
}
