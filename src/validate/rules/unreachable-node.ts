import { isStickyNote } from '../../workflow/graph.js';
import { defineRule, type RuleFinding } from '../types.js';

/**
 * A node nothing leads to never runs: usually a leftover or a forgotten connection. Reported once
 * per unreachable island (at its first node), not once per node, so one stray branch is one finding.
 */
export const unreachableNode = defineRule({
  id: 'unreachable-node',
  meta: {
    description: 'every node is reachable from a trigger (sticky notes and AI sub-nodes attached to a reachable node excepted)',
    defaultSeverity: 'warning',
    rationale: 'A node that no trigger leads to never runs: usually a leftover of an edit or a forgotten connection. It is reported once per unreachable island, at its first node, so one stray branch is one finding. Sticky notes, disabled nodes and AI sub-nodes (models, tools, memories) attached to a reachable node are not reported; a workflow without any trigger is a fragment and is not measured.',
    messages: {
      unreachable: '"{{node}}"{{after}} not reachable from any trigger: never run',
    },
  },
  check({ workflow, graph }) {
    const triggers = graph.triggers();
    if (triggers.length === 0) return []; // no trigger at all: a fragment, nothing to measure against
    const reachable = graph.reachableFrom(triggers.map((t) => t.name));
    // Sub-nodes (language models, tools, memories) connect INTO their parent with non-main types.
    let grew = true;
    while (grew) {
      grew = false;
      for (const edge of graph.edges) {
        if (edge.type !== 'main' && reachable.has(edge.to) && !reachable.has(edge.from)) {
          reachable.add(edge.from);
          for (const name of graph.reachableFrom([edge.from])) reachable.add(name);
          grew = true;
        }
      }
    }
    const unreachable = workflow.nodes.filter((n) => !reachable.has(n.name) && !isStickyNote(n) && !n.disabled);
    const names = new Set(unreachable.map((n) => n.name));
    // Everything an island root leads to, along any connection type.
    const island = (start: string) => {
      const seen = new Set<string>([start]);
      const queue = [start];
      while (queue.length) {
        const name = queue.pop()!;
        for (const e of graph.edges) {
          const next = e.from === name ? e.to : e.type !== 'main' && e.to === name ? e.from : undefined;
          if (next && names.has(next) && !seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
      return seen;
    };
    const covered = new Set<string>();
    const findings: RuleFinding[] = [];
    const report = (name: string) => {
      const members = island(name);
      for (const m of members) covered.add(m);
      const index = workflow.nodes.findIndex((n) => n.name === name);
      const more = members.size - 1;
      findings.push({ messageId: 'unreachable', data: { node: name, after: more > 0 ? ` and ${more} node(s) after it are` : ' is' }, pointer: `/nodes/${index}` });
    };
    // Roots first (nothing unreachable feeds them over main), then whatever is left (cycles).
    for (const node of unreachable) {
      const fedByIsland = graph.incoming(node.name, 'main').some((e) => names.has(e.from));
      if (!fedByIsland && !covered.has(node.name)) report(node.name);
    }
    for (const node of unreachable) if (!covered.has(node.name)) report(node.name);
    return findings;
  },
});
