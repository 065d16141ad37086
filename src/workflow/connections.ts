import type { Connections } from './schema.js';

/**
 * Adds the edge `from[output] -> to[input]` of connection type `type` (default "main"),
 * creating missing slots; a duplicate edge is not added twice.
 */
export function addConnection(connections: Connections, from: string, to: string, output = 0, input = 0, type = 'main'): void {
  const byType = (connections[from] ??= {});
  const outputs = (byType[type] ??= []);
  while (outputs.length <= output) outputs.push([]);
  const slot = (outputs[output] ??= []);
  if (!slot.some((t) => t.node === to && t.index === input && t.type === type)) slot.push({ node: to, type, index: input });
}
