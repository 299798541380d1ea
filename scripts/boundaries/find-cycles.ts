/**
 * Tarjan's strongly connected components over a directed graph. Every component with more than
 * one node, or a node importing itself, is an import circle; each comes back with one loop through
 * it (a shortest walk inside the component), so a failure message can be read as
 * `a -> b -> c -> a`, and with all its members, as a component may hold more than one loop.
 */
export function findCycles(edges: Map<string, Set<string>>): { loop: string[]; members: string[] }[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const root of [...edges.keys()].sort()) {
    if (index.has(root)) continue;
    const work: { node: string; out: string[]; at: number }[] = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, out: [...(edges.get(node) ?? [])].sort(), at: 0 });
    };
    enter(root);
    while (work.length) {
      const top = work[work.length - 1]!;
      if (top.at < top.out.length) {
        const to = top.out[top.at++]!;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) !== index.get(top.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== top.node);
      if (component.length > 1 || edges.get(top.node)?.has(top.node)) components.push(component);
    }
  }
  return components.map((c) => ({ loop: loopThrough(c, edges), members: c.sort() }));
}

/** One closed walk from the component's first member back to it, staying inside the component. */
function loopThrough(component: string[], edges: Map<string, Set<string>>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const to of [...(edges.get(node) ?? [])].sort()) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [...component, component[0]!];
}
