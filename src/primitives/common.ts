import { CODE_BODIES } from './code/bodies.generated.js';
import { addConnection } from '../workflow/connections.js';
import type { Workflow, WorkflowNode } from '../workflow/schema.js';

/**
 * First line of every primitive Code-node body. Existing workflow repos use it to exempt these
 * bodies from purity checks; `validate` accepts it only on bodies identical to a shipped one.
 */
export const PRIMITIVE_MARKER = '// @n8n-evol-I:primitive';

/** The names of the four primitives, which are also their workflow keys and template file names. */
export const PRIMITIVE_NAMES = ['lock_acquisition', 'lock_release', 'error_handler_lock_cleanup', 'rate_limit_check', 'rate_limit_sliding'] as const;
export type PrimitiveName = (typeof PRIMITIVE_NAMES)[number];

/**
 * jsCode of a Code node: the marker, optional preamble lines (e.g. a placeholder constant), the
 * function's verbatim source, and a call that hands it the Code-node globals.
 */
export function codeBody(file: string, functionName: string, options: { preamble?: string[]; extraArgs?: string } = {}): string {
  const source = CODE_BODIES[`${file}#${functionName}`];
  if (!source) throw new Error(`no Code-node body ${file}#${functionName}: run npm run build`);
  const args = ['$input', '$', '$execution', '$workflow', ...(options.extraArgs ? [options.extraArgs] : [])].join(', ');
  return [PRIMITIVE_MARKER, ...(options.preamble ?? []), '', source, '', `return ${functionName}({ ${args} });`, ''].join('\n');
}

/** Collects nodes and edges of a primitive, then produces the workflow envelope of primitives.md. */
export class GraphBuilder {
  private readonly nodes: WorkflowNode[] = [];
  private readonly connections: Workflow['connections'] = {};

  add(...nodes: WorkflowNode[]): this {
    this.nodes.push(...nodes);
    return this;
  }

  /** `from` output `output` (If: 0 = true, 1 = false) feeds `to`. */
  connect(from: string, to: string, output = 0): this {
    for (const name of [from, to]) {
      if (!this.nodes.some((n) => n.name === name)) throw new Error(`connect: unknown node "${name}"`);
    }
    addConnection(this.connections, from, to, output);
    return this;
  }

  /** Envelope: name, nodes, connections, settings and nothing else (the public API rejects other keys). */
  build(name: string): Workflow {
    return { name, nodes: this.nodes, connections: this.connections, settings: { executionOrder: 'v1' } };
  }
}
