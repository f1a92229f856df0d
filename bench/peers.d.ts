// Minimal declarations for the peer libraries the benchmark runs (they ship no types).
declare module 'pathfinding' {
  export class Grid {
    constructor(width: number, height: number, matrix?: number[][]);
    setWalkableAt(x: number, y: number, walkable: boolean): void;
    clone(): Grid;
  }
  export const DiagonalMovement: { OnlyWhenNoObstacles: number };
  export const Heuristic: { octile: (dx: number, dy: number) => number };
  export class AStarFinder {
    constructor(options: { diagonalMovement: number; heuristic: (dx: number, dy: number) => number });
    findPath(sx: number, sy: number, gx: number, gy: number, grid: Grid): number[][];
  }
}
declare module 'ngraph.graph' {
  export interface Graph {
    addNode(id: number, data?: unknown): void;
    addLink(from: number, to: number, data?: unknown): void;
  }
  export default function createGraph(): Graph;
}
declare module 'ngraph.path' {
  import type { Graph } from 'ngraph.graph';
  interface Link {
    data: { weight: number };
  }
  interface Node {
    id: number;
  }
  export function aStar(
    graph: Graph,
    options: { oriented?: boolean; distance(a: Node, b: Node, link: Link): number; heuristic(a: Node, b: Node): number },
  ): { find(from: number, to: number): Node[] };
}
declare module 'yuka' {
  export class Vector3 {
    constructor(x: number, y: number, z: number);
  }
  export class Graph {
    digraph: boolean;
    addNode(node: NavNode): this;
    addEdge(edge: NavEdge): this;
    getNode(i: number): NavNode;
  }
  export class NavNode {
    constructor(index: number, position: Vector3);
    index: number;
    position: Vector3;
  }
  export class NavEdge {
    constructor(from: number, to: number, cost: number);
  }
  export class AStar {
    constructor(graph: Graph, source: number, target: number);
    heuristic: { calculate(graph: Graph, source: number, target: number): number };
    search(): this;
    found: boolean;
    getPath(): number[];
  }
}
