/**
 * How to call every export of every package entry correctly: the valid arguments of each
 * function, constructor, static factory and public method. test/package/publicArguments.test.ts
 * swaps these arguments (and the fields of option objects) for hostile values one at a time.
 *
 * Every runtime export of every entry must appear here (a new export fails the test until it
 * is added), and every method found at run time on a class's prototype chain must be listed in
 * `methods` or `unchecked` (with the reason), so coverage cannot shrink unnoticed.
 */
import { Matrix4, MeshBasicMaterial, Object3D, Ray, Raycaster, Vector3 } from 'three';
import { SearchContext, SparseSpace, searchableOf, sparseFromGrid, StraightPlanner, VoxelGeometry } from '../../src/core/index.ts';
import { emptySegments, emptyVisited } from '../../src/helpers/index.ts';
import { MeshWorld, ObstacleWorld } from '../../src/three/index.ts';
import {
  agent,
  agentsState,
  bounds,
  collisionWorld,
  doc,
  graph,
  grid,
  gridSpace,
  lazyRun,
  level,
  meshFile,
  navbin,
  navbinData,
  navSimulation,
  navWorld,
  obstacleWorld,
  opaque,
  searchedContext,
  simulation,
  triangle,
  v3,
  visibilityGraph,
  waypointDoc,
  waypointInput,
} from './publicApiFixtures.ts';

/** Arguments of one valid call (fresh objects on every call); methods get the instance. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Args = (self?: any) => unknown[];

/** Error codes a call may throw besides 'usage', by call ('construct', a static or a method name). */
export type Codes = Record<string, readonly string[]>;

export interface ClassCase {
  /** Valid constructor arguments; null: the constructor is not public (a factory makes instances). */
  construct: Args | null;
  /** A fresh valid instance (default: `new C(...construct())`). */
  make?: () => object;
  /** Valid arguments of public static methods. */
  statics?: Record<string, Args>;
  /** Valid arguments of public methods (setters: one argument). */
  methods?: Record<string, Args>;
  /** Methods not called with hostile values, each with the reason. */
  unchecked?: Record<string, string>;
  /** Codes besides 'usage' that the documented contract names (e.g. 'query' for endpoints). */
  codes?: Codes;
}

export type ExportCase =
  | { kind: 'value' }
  | { kind: 'function'; args: Args; codes?: readonly string[]; gap?: string }
  | { kind: 'class'; spec: ClassCase };

/** The documented error of a query: a bad endpoint or option is a QueryError (code 'query'). */
const QUERY = ['query'];

/** A SearchableScene of plain core data: a 4 x 4 x 4 grid and two waypoints 'a' and 'b'. */
const searchable = () => searchableOf(grid(), graph(), ['a', 'b']);
const LABELS = () => ({ from: 'from', to: 'to', scene: 'the scene' });

const PER_NODE =
  'per-node engine primitive (called for every node a search touches): its arguments come from the engine and are not checked, for speed';
const PER_TEST = 'per-segment geometry primitive (called for every line-of-sight test): numbers only, not checked, for speed';

/** The export tables, one per package entry (keyed by export name). */
export const ENTRIES: Record<string, Record<string, ExportCase>> = {
  'src/core/index.ts': {
    NavlabError: {
      kind: 'class',
      spec: {
        construct: () => ['usage', 'message'],
        statics: { from: () => [{ name: 'NavlabError', code: 'usage', message: 'm' }] },
        methods: { toJSON: () => [] },
      },
    },
    LIMITS: { kind: 'value' },
    VoxelGrid: {
      kind: 'class',
      spec: {
        construct: () => [{ dims: [2, 2, 2], origin: v3(), cellSize: 1, occupancy: new Uint8Array(8) }],
        methods: {
          setBlocked: () => [1, 1, 1, true],
          markEdited: () => [0, 0, 0, 1, 1, 1],
          editedSince: () => [0, [0, 0, 0, 0, 0, 0]],
          setCost: () => [1, 1, 1, 2],
          worldToVoxel: () => [v3(0.5, 0.5, 0.5), v3()],
          blockedRows: () => [],
          clone: () => [],
        },
        unchecked: {
          index: PER_NODE,
          coords: PER_NODE,
          voxelCenter: PER_NODE,
          inBounds: PER_NODE,
          isBlocked: PER_NODE,
          costAt: PER_NODE,
          axisVoxel: PER_NODE,
          voxelIndexAt: PER_NODE,
          isMoveLegal: PER_NODE,
        },
      },
    },
    MAX_VOXELS: { kind: 'value' },
    GridSpace: {
      kind: 'class',
      spec: {
        construct: () => [grid(), { neighborhood: 26, cornerCutting: 'forbid' }],
        methods: { setGoal: () => [63, 'exact'] },
        unchecked: {
          isTraversable: PER_NODE,
          expand: PER_NODE,
          blockedMask: PER_NODE,
          estimate: PER_NODE,
          estimateAt: PER_NODE,
          distanceToGoal: PER_NODE,
          position: PER_NODE,
        },
      },
    },
    WaypointGraph: {
      kind: 'class',
      spec: {
        construct: () => [new Float64Array([0, 0, 0, 1, 0, 0]), [0, 1]],
        methods: { nearest: () => [0, 0, 0], pairs: () => [] },
        unchecked: { position: PER_NODE, straightDistance: PER_NODE, linkCost: PER_NODE },
      },
    },
    GraphSpace: {
      kind: 'class',
      spec: {
        construct: () => [graph()],
        methods: { setGoal: () => [1, 'exact'] },
        unchecked: { isTraversable: PER_NODE, expand: PER_NODE, estimate: PER_NODE, distanceToGoal: PER_NODE, position: PER_NODE },
      },
    },
    VisibilityGraph: {
      kind: 'class',
      spec: {
        construct: () => [() => true, { maxLinkDistance: 10, allPairsLimit: 2048 }],
        make: visibilityGraph,
        methods: {
          setAll: () => [new Float64Array([0, 0, 0, 1, 0, 0])],
          add: () => [0, 1, 0],
          move: () => [0, 0, 0, 1],
          remove: () => [1],
          retestRegion: () => [{ min: v3(), max: v3(1, 1, 1) }, 0.1],
          setLineOfSight: () => [() => false],
          linked: () => [0, 1],
          linksOf: () => [0],
          takeLinkChanges: () => [],
          positions: () => [],
          graph: () => [],
        },
      },
    },
    buildVisibility: {
      kind: 'function',
      args: () => [new Float64Array([0, 0, 0, 1, 0, 0]), () => true, { maxLinkDistance: 10, allPairsLimit: 2048 }],
    },
    segmentClearOf: { kind: 'function', args: () => [new Float64Array([0, 0, 0, 1, 0, 0]), () => true] },
    snapToVisibleWaypoint: { kind: 'function', args: () => [v3(), new Float64Array([0, 0, 0, 1, 0, 0]), () => true, 10] },
    heuristic: { kind: 'function', args: () => ['exact', 1, 2, 3, 26] },
    isAdmissible: { kind: 'function', args: () => ['exact', 26] },
    HEURISTICS: { kind: 'value' },
    DEFAULT_SEARCH_OPTIONS: { kind: 'value' },
    SearchContext: {
      kind: 'class',
      spec: {
        construct: () => [],
        methods: { begin: () => [64], forEachVisited: () => [() => undefined], reserve: () => [8] },
        unchecked: { slot: PER_NODE, find: PER_NODE, nodeOf: PER_NODE },
      },
    },
    AStarRun: {
      kind: 'class',
      spec: {
        construct: () => [gridSpace(), 0, 63, { heuristic: 'exact', weight: 1, maxExpansions: 1000 }, new SearchContext()],
        methods: { step: () => [10], cancel: () => [] },
        unchecked: { relax: PER_NODE },
      },
    },
    findPath: { kind: 'function', args: () => [gridSpace(), 0, 63, { heuristic: 'exact', weight: 1 }, new SearchContext()] },
    JpsRun: {
      kind: 'class',
      spec: {
        construct: () => [gridSpace(), 0, 63, { heuristic: 'exact' }, new SearchContext()],
        methods: { step: () => [10], cancel: () => [] },
      },
    },
    findPathJps: { kind: 'function', args: () => [gridSpace(), 0, 63, { heuristic: 'exact' }, new SearchContext()] },
    LazyThetaRun: {
      kind: 'class',
      spec: {
        construct: () => [gridSpace(), 0, 63, { heuristic: 'exact' }, new SearchContext()],
        make: lazyRun,
        methods: { step: () => [10], cancel: () => [], anyAngleParent: () => [0] },
      },
    },
    findPathLazyTheta: { kind: 'function', args: () => [gridSpace(), 0, 63, { heuristic: 'exact' }, new SearchContext()] },
    ALGORITHMS: { kind: 'value' },
    connectivityOf: { kind: 'function', args: () => [26, 'allow'] },
    isClosedMesh: {
      kind: 'function',
      args: () => [
        [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
        [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3],
      ],
    },
    freeComponents: { kind: 'function', args: () => [grid(), 26] },
    componentCheck: {
      kind: 'function',
      args: () => [gridSpace(), 0, 1, 'low-h'],
      gap: "asked by every run on a grid space that carries it, with the run's checked endpoints: its own arguments are not checked again",
    },
    nearestFreeVoxel: { kind: 'function', args: () => [grid(), v3(0.5, 0.5, 0.5), 2] },
    voxelLineOfSight: {
      kind: 'function',
      args: () => [grid(), 0.5, 0.5, 0.5, 1.5, 1.5, 1.5],
      gap: 'per-segment test in search loops: arguments are not checked',
    },
    FREE_VOXEL_SNAP_RADIUS: { kind: 'value' },
    DEFAULT_CELLS_ACROSS: { kind: 'value' },
    levelCellSize: { kind: 'function', args: () => [2] },
    levelAgentRadius: { kind: 'function', args: () => [2, 0.02] },
    levelAgentSpeed: { kind: 'function', args: () => [2] },
    FreeComponents: {
      kind: 'class',
      spec: {
        construct: () => [grid(), 6],
        methods: { runAt: () => [0, 0, 0], componentOf: () => [0], nearestOf: () => [0, 1, 1, 1] },
      },
    },
    createGridRun: { kind: 'function', args: () => ['astar', gridSpace(), 0, 63, { weight: 1 }, new SearchContext()] },
    findGridPath: { kind: 'function', args: () => ['jps', gridSpace(), 0, 63, { weight: 1 }, new SearchContext()] },
    createWaypointRun: { kind: 'function', args: () => [graph(), 0, 1, { heuristic: 'exact' }, new SearchContext()] },
    defaultGraph: { kind: 'function', args: () => ['a'] },
    resolveGraph: { kind: 'function', args: () => ['grid', [0, 0, 0]], codes: QUERY },
    searchableOf: { kind: 'function', args: () => [grid(), graph(), ['a', 'b']] },
    runQuery: {
      kind: 'function',
      args: () => [searchable(), 'grid', [0, 0, 0], [3, 3, 3], { heuristic: 'exact', algorithm: 'astar' }, new SearchContext(), LABELS()],
      codes: QUERY,
    },
    startQuery: {
      kind: 'function',
      args: () => [searchable(), 'waypoints', 'a', 'b', { heuristic: 'exact' }, new SearchContext(), LABELS()],
      codes: QUERY,
    },
    queryNodes: {
      kind: 'function',
      args: () => [searchable(), 'grid', 0, 63, { heuristic: 'exact', neighborhood: 26 }, new SearchContext()],
      codes: QUERY,
    },
    queryGrid: {
      kind: 'function',
      args: () => [grid(), [0, 0, 0], [3, 3, 3], { algorithm: 'astar', neighborhood: 26, heuristic: 'exact' }, new SearchContext()],
      codes: QUERY,
    },
    QueryError: { kind: 'class', spec: { construct: () => ['message'] } },
    queryGraph: { kind: 'function', args: () => [graph(), ['a', 'b'], 0, 1, { heuristic: 'exact' }, new SearchContext()], codes: QUERY },
    AVOIDANCE_MODES: { kind: 'value' },
    DEFAULT_STEERING_PARAMS: { kind: 'value' },
    EMPTY_GEOMETRY: { kind: 'value' },
    VoxelGeometry: {
      kind: 'class',
      spec: {
        construct: () => [grid()],
        methods: { createQuery: () => [], nearest: () => [v3(0.5, 0.5, 0.5), 2, v3(), v3()] },
        unchecked: { clear: PER_TEST, inside: PER_TEST },
      },
    },
    GridPlanner: {
      kind: 'class',
      spec: {
        construct: () => [grid(), { neighborhood: 26 }, 2],
        methods: {
          plan: () => [v3(0.5, 0.5, 0.5), v3(3.5, 3.5, 3.5), 0.1, new Float64Array(4), 0],
          maxCostAlong: () => [0.5, 0.5, 0.5, 3.5, 0.5, 0.5],
        },
      },
    },
    WaypointPlanner: {
      kind: 'class',
      spec: {
        construct: () => [() => graph(), () => true, { heuristic: 'exact' }],
        methods: { plan: () => [v3(0.5, 0.5, 0.5), v3(2.5, 0.5, 0.5), 0.1, new Float64Array(4), 0] },
      },
    },
    StraightPlanner: { kind: 'class', spec: { construct: () => [], methods: { plan: () => [v3(), v3(1, 0, 0)] } } },
    Simulation: {
      kind: 'class',
      spec: {
        construct: () => [
          {
            geometry: new VoxelGeometry(grid()),
            planner: new StraightPlanner(),
            cellSize: 1,
            seed: 2,
            params: { stepHz: 30 },
            movingObstacles: [{ id: 'm', radius: 0.1, positionAt: (_t: number, out: object) => Object.assign(out, v3(3, 3, 3)) }],
            agents: [{ id: 'a', start: v3(), goal: v3(1, 0, 0), radius: 0.1, speed: 1 }],
          },
        ],
        make: simulation,
        methods: {
          params: () => [{ ...simulation().params }],
          agentIndex: () => ['a'],
          path: () => [0],
          arrived: () => [0],
          setParams: () => [{ stepHz: 30 }],
          step: () => [0.1],
          addAgent: () => [{ id: 'b', start: v3(), goal: v3(0, 1, 0), radius: 0.1, speed: 1 }],
          setGoal: () => [0, v3(2, 0, 0)],
          removeAgent: () => [0],
          addMovingObstacle: () => [{ id: 'm2', radius: 0.1, positionAt: (_t: number, out: { x: number }) => out }],
          moveObstacle: () => ['mo', 1, 1, 1],
          releaseObstacle: () => ['mo'],
          metrics: () => [0],
          agentIds: () => [],
          obstacleIds: () => [],
          staticGeometryChanged: () => [],
          reset: () => [],
          report: () => [],
          fixedStep: () => [],
        },
      },
    },
    readNavbin: { kind: 'function', args: () => [navbin()], codes: ['parse'] },
    writeNavbin: { kind: 'function', args: () => [navbinData()] },
    NavbinError: { kind: 'class', spec: { construct: () => ['message'] } },
    SparseWorld: {
      kind: 'class',
      spec: {
        construct: null,
        make: () => sparseFromGrid(grid()),
        unchecked: { inBounds: PER_NODE, nodeAt: PER_NODE, isBlocked: PER_NODE, nodeBox: PER_NODE },
      },
    },
    faceLink: {
      kind: 'function',
      args: () => [sparseFromGrid(grid()), 0, 0],
      gap: 'per-node engine primitive (every face step of a sparse search or sight walk): arguments are not checked, for speed',
    },
    nodeParent: {
      kind: 'function',
      args: () => [sparseFromGrid(grid()), 0],
      gap: 'per-node engine primitive (every step up the octree of a sight walk): arguments are not checked, for speed',
    },
    sparseFromGrid: { kind: 'function', args: () => [grid()] },
    parse3dMapSparse: { kind: 'function', args: () => ['voxel 4 4 4\n1 1 1\n', 'm.3dmap'], codes: ['parse'] },
    sparseFromTriangles: { kind: 'function', args: () => [[0, 0, 0, 1, 0, 0, 0, 1, 0], { cellSize: 0.5, dilation: 0, fill: 'surface' }] },
    SparseSpace: {
      kind: 'class',
      spec: {
        construct: () => [sparseFromGrid(grid()), { components: true }],
        methods: {
          pin: () => [
            [0, 0, 0],
            [3, 3, 3],
          ],
        },
        unchecked: {
          cellOf: PER_NODE,
          voxelCell: PER_NODE,
          cellBox: PER_NODE,
          voxelBox: PER_NODE,
          voxelOf: PER_NODE,
          isTraversable: PER_NODE,
          neighbours: PER_NODE,
          regionNeighbours: PER_NODE,
          entry: PER_NODE,
          entryFrom: PER_NODE,
          clampTo: PER_NODE,
          distance: PER_NODE,
          expand: PER_NODE,
          setGoal: PER_NODE,
          estimate: PER_NODE,
          distanceToGoal: PER_NODE,
          nearestToGoal: PER_NODE,
          position: PER_NODE,
        },
        codes: { pin: ['query'] },
      },
    },
    SparseRun: {
      kind: 'class',
      spec: {
        construct: () => [new SparseSpace(sparseFromGrid(grid())), [0, 0, 0], [3, 3, 3], { heuristic: 'exact' }, new SearchContext()],
        methods: { step: () => [10], cancel: () => [] },
        codes: { construct: ['query'] },
      },
    },
    findPathSparse: {
      kind: 'function',
      args: () => [new SparseSpace(sparseFromGrid(grid())), [0, 0, 0], [3, 3, 3], { heuristic: 'exact' }, new SearchContext()],
      codes: ['query'],
    },
    editSparseWorld: { kind: 'function', args: () => [sparseFromGrid(grid()), [{ blocked: true, voxels: [1, 1, 1] }]] },
    editSparseSpace: { kind: 'function', args: () => [new SparseSpace(sparseFromGrid(grid())), [{ blocked: true, voxels: [1, 1, 1] }]] },
    sparseWorldSight: { kind: 'function', args: () => [() => sparseFromGrid(grid())] },
  },

  'src/scene/index.ts': {
    SCENE_VERSION: { kind: 'value' },
    SCENE_LIMITS: { kind: 'value' },
    SCENE_FILE_LIMIT: { kind: 'value' },
    SCENE_RANGES: { kind: 'value' },
    contentBounds: { kind: 'function', args: () => [doc()] },
    sceneJsonSchema: { kind: 'function', args: () => [] },
    sceneJsonSchemaText: { kind: 'function', args: () => [] },
    SceneError: { kind: 'class', spec: { construct: () => [[{ path: 'version', message: 'm' }]] } },
    checkSceneLimits: { kind: 'function', args: () => [opaque({ version: 2 })], codes: ['scene'] },
    migrateScene: { kind: 'function', args: () => [opaque({ version: 1 })], codes: ['scene'] },
    parseScene: { kind: 'function', args: () => [opaque({ version: 2 })], codes: ['scene'] },
    safeParseScene: { kind: 'function', args: () => [opaque({ version: 2 })], codes: ['scene'] },
    saveScene: { kind: 'function', args: () => [doc()], codes: ['scene'] },
    buildVoxelGrid: { kind: 'function', args: () => [doc()] },
    waypointPositions: { kind: 'function', args: () => [doc()] },
    waypointIndex: { kind: 'function', args: () => [doc()] },
    movingObstaclePosition: { kind: 'function', args: () => [opaque(doc().movingObstacles[0]), 1, v3()] },
    resolvePoint: { kind: 'function', args: () => [doc(), 'a', 0, v3()] },
    solidBoxes: { kind: 'function', args: () => [grid()] },
    sceneFromMovingAi: { kind: 'function', args: () => ['voxel 2 2 2\n0 0 0\n', 'map.3dmap', 'name'], codes: ['parse'] },
  },

  'src/three/index.ts': {
    MeshWorld: {
      kind: 'class',
      spec: {
        construct: () => [{ bvh: {}, meshes: [{ id: 'm', soup: triangle(), matrix: new Matrix4() }] }],
        make: () => new MeshWorld({ meshes: [{ id: 'm', soup: triangle(), matrix: new Matrix4() }] }),
        methods: {
          setMeshTriangles: () => ['m', triangle()],
          lineOfSight: () => [0.1],
          closestPointOnObstacles: () => [v3(0.2, 0.2, 1), 2, v3(), v3()],
          raycast: () => [v3(0.2, 0.2, 1), v3(0, 0, -1), 10],
          pick: () => [new Ray(new Vector3(0.2, 0.2, 1), new Vector3(0, 0, -1)), 10],
          contains: () => [1, 1, 1],
          fillSolids: () => [grid(), [0, 0, 0, 1, 1, 1]],
          voxelAt: () => [1, 1, 1],
          surfaceOf: () => [0],
          obstacleBoxes: () => [],
          rebuild: () => [],
          dispose: () => [],
        },
        unchecked: { segmentClear: PER_TEST, capsuleClear: PER_TEST, obstacleContains: 'a MeshWorld has no obstacles: every index throws' },
      },
    },
    CollisionWorld: {
      kind: 'class',
      spec: {
        construct: () => [
          [{ id: 'box', shape: 'box', position: [1, 1, 1], size: [0.5, 0.5, 0.5] }],
          grid(),
          { bvh: {}, meshes: [{ id: 'm', soup: triangle(), matrix: new Matrix4() }] },
        ],
        make: collisionWorld,
        methods: {
          setMeshTriangles: () => ['none', triangle()],
          obstacle: () => ['box'],
          obstacleBounds: () => ['box'],
          setObstacle: () => [{ id: 'box2', shape: 'sphere', position: [2, 2, 2], radius: 0.3 }],
          removeObstacle: () => ['box'],
          setVoxels: () => [[0, 0, 0, 1, 1, 1], true],
          voxelsChanged: () => [[0, 0, 0, 1, 1, 1]],
          lineOfSight: () => [0.1],
          closestPointOnObstacles: () => [v3(1, 1, 1), 2, v3(), v3()],
          raycast: () => [v3(-1, 1, 1), v3(1, 0, 0), 10],
          pick: () => [new Ray(new Vector3(-1, 1, 1), new Vector3(1, 0, 0)), 10],
          contains: () => [1, 1, 1],
          obstacleContains: () => [0, 1, 1, 1],
          fillSolids: () => [grid(), [0, 0, 0, 1, 1, 1]],
          voxelAt: () => [1, 1, 1],
          surfaceOf: () => [0],
          obstacleBoxes: () => [],
          rebuild: () => [],
          dispose: () => [],
        },
        unchecked: { segmentClear: PER_TEST, capsuleClear: PER_TEST },
      },
    },
    sceneCollisionWorld: { kind: 'function', args: () => [doc(), { sceneMeshes: new Map(), grid: grid(), bvh: {} }] },
    ObstacleWorld: {
      kind: 'class',
      spec: {
        construct: () => [
          [{ id: 'box', shape: 'box', position: [1, 1, 1], size: [0.5, 0.5, 0.5] }],
          grid(),
          {
            drawVoxels: false,
            bvh: {},
            material: new MeshBasicMaterial(),
            voxelMaterial: new MeshBasicMaterial(),
            meshes: [{ id: 'm', soup: triangle(), matrix: new Matrix4(), object: new Object3D() }],
          },
        ],
        make: obstacleWorld,
        statics: { fromScene: () => [doc(), { drawVoxels: false, sceneMeshes: new Map(), grid: grid() }] },
        methods: {
          setMeshTriangles: () => ['none', triangle()],
          obstacle: () => ['box'],
          obstacleBounds: () => ['box'],
          setObstacle: () => [{ id: 'box2', shape: 'sphere', position: [2, 2, 2], radius: 0.3 }],
          removeObstacle: () => ['box'],
          setVoxels: () => [[0, 0, 0, 1, 1, 1], true],
          voxelsChanged: () => [[0, 0, 0, 1, 1, 1]],
          lineOfSight: () => [0.1],
          closestPointOnObstacles: () => [v3(1, 1, 1), 2, v3(), v3()],
          raycast: () => [v3(-1, 1, 1), v3(1, 0, 0), 10],
          pick: () => [new Ray(new Vector3(-1, 1, 1), new Vector3(1, 0, 0)), 10],
          contains: () => [1, 1, 1],
          obstacleContains: () => [0, 1, 1, 1],
          fillSolids: () => [grid(), [0, 0, 0, 1, 1, 1]],
          voxelAt: () => [1, 1, 1],
          surfaceOf: () => [0],
          obstacleBoxes: () => [],
          rebuild: () => [],
          dispose: () => [],
        },
        unchecked: { segmentClear: PER_TEST, capsuleClear: PER_TEST },
      },
    },
    StaticBVH: {
      kind: 'class',
      spec: {
        construct: () => [triangle(), undefined, 2],
        methods: {
          updateTriangles: () => [0, 1, true],
          boxOverlaps: () => [0.2, 0.2, 0, 1, 1, 1],
          closestPoint: () => [v3(0.2, 0.2, 1), 2, v3(), v3()],
          raycast: () => [v3(0.2, 0.2, 1), v3(0, 0, -1), 10],
          refit: () => [],
          dispose: () => [],
        },
        unchecked: { segmentClear: PER_TEST, capsuleClear: PER_TEST },
      },
    },
    voxelize: { kind: 'function', args: () => [obstacleWorld(), { dims: [4, 4, 4], cellSize: 1 }, { dilation: 0.1 }] },
    voxelizeRegion: { kind: 'function', args: () => [obstacleWorld(), grid(), { min: v3(), max: v3(2, 2, 2) }, { dilation: 0.1 }] },
    voxelizeTriangles: { kind: 'function', args: () => [triangle(), { cellSize: 0.5, fill: 'surface', dilation: 0 }] },
    BvhGeometry: {
      kind: 'class',
      spec: {
        construct: () => [obstacleWorld()],
        methods: { current: () => [], createQuery: () => [], nearest: () => [v3(1, 1, 1), 2, v3(), v3()] },
        unchecked: { clear: PER_TEST, inside: PER_TEST },
      },
    },
    NavWorld: {
      kind: 'class',
      spec: {
        construct: null,
        make: navWorld,
        statics: {
          fromObject3D: () => [
            level(),
            { cellSize: 0.5, agentRadius: 0.1, waypoints: 'none', maxWaypoints: 10, bounds: bounds(), filter: () => true },
          ],
          fromScene: () => [
            {
              grid: grid(),
              graph: graph(),
              ids: ['a', 'b'],
              index: new Map([
                ['a', 0],
                ['b', 1],
              ]),
              world: new ObstacleWorld(),
              agentRadius: 0.1,
            },
          ],
        },
        methods: {
          query: () => [
            [0, 0, 0],
            [7, 3, 3],
            { graph: 'grid', heuristic: 'exact' },
            new SearchContext(),
            { from: 'from', to: 'to', scene: 'the level' },
          ],
          voxelAt: () => [v3(-1.5, 0, 0), true],
          nearestFreeVoxel: () => [v3(0, 0, 0), 2],
          nearestWaypoint: () => [v3(0, 0, 0)],
          positionOf: () => ['0', v3()],
          findPath: () => [new Vector3(-1.5, 0, 0), new Vector3(1.5, 0, 0), { algorithm: 'astar', graph: 'grid', smooth: true }],
          update: () => [new Object3D()],
          onUpdate: () => [() => {}],
          dispose: () => [],
        },
        codes: { query: QUERY, findPath: ['query', 'unsupported'] },
      },
    },
    navWorldFromNavbin: { kind: 'function', args: () => [navbin()], codes: ['parse'] },
    sparseNavWorld: { kind: 'function', args: () => [level(), { cellSize: 0.5, agentRadius: 0.1, world: 'sparse' }] },
    SPARSE_AUTO_VOXELS: { kind: 'value' },
    createSimulation: { kind: 'function', args: () => [navWorld(), { graph: 'waypoints', seed: 2, params: { stepHz: 30 } }] },
    autoWaypoints: { kind: 'function', args: () => [waypointInput()] },
    waypointList: { kind: 'function', args: () => [[new Vector3(-1.5, 0, 0), new Vector3(1.5, 0, 0)]] },
    NavSimulation: {
      kind: 'class',
      spec: {
        construct: () => [navWorld(), { graph: 'waypoints', seed: 2, params: { stepHz: 30 } }],
        make: () => navSimulation().sim,
        methods: {
          addAgent: () => [agent(), { goal: new Vector3(1.5, 0, 0), radius: 0.1, speed: 1 }],
          setGoal: (s) => [s.objects[0], new Vector3(1.5, 0.5, 0)],
          removeAgent: (s) => [s.objects[0]],
          arrived: (s) => [s.objects[0]],
          update: () => [0.1],
          worldChanged: () => [],
        },
      },
    },
    VoxelChunks: {
      kind: 'class',
      spec: {
        construct: () => [grid(), { chunkSize: 2, draw: false, material: new MeshBasicMaterial() }],
        methods: {
          chunkQuads: () => [0],
          chunkBox: () => [0],
          chunksTouching: () => [[0, 0, 0, 1, 1, 1]],
          update: () => [[0, 0, 0, 1, 1, 1]],
          data: () => [],
          dispose: () => [],
        },
      },
    },
    VoxelSurface: {
      kind: 'class',
      spec: {
        construct: () => [grid(), { chunkSize: 2 }],
        methods: {
          chunkQuads: () => [0],
          chunkBox: () => [0],
          chunksTouching: () => [[0, 0, 0, 1, 1, 1]],
          update: () => [[0, 0, 0, 1, 1, 1]],
          data: () => [],
        },
      },
    },
    CHUNK_SIZE: { kind: 'value' },
  },

  'src/scene-three/index.ts': {
    preprocessScene: {
      kind: 'function',
      args: () => [doc(), { agentRadius: 0.1, maxLinkDistance: 10, lazyTree: true, drawn: false, world: { drawVoxels: false } }],
    },
    createSceneSimulation: {
      kind: 'function',
      args: () => [doc(), { seed: 1, params: { stepHz: 30 }, graph: 'grid', world: obstacleWorld() }],
    },
    planningGraph: { kind: 'function', args: () => [doc()] },
    loadSceneMeshes: { kind: 'function', args: () => [waypointDoc(), () => ({ bytes: new Uint8Array(0) }), {}] },
    placeSceneWaypoints: { kind: 'function', args: () => [doc(), { agentRadius: 0.1, maxLinkDistance: 10, world: { drawVoxels: false } }] },
    autoWaypointList: { kind: 'function', args: () => [new Float64Array([0, 0, 0])] },
  },

  'src/helpers/index.ts': {
    WaypointGraphHelper: {
      kind: 'class',
      spec: {
        construct: () => [
          graph(),
          { radius: 0.1, maxLinks: 10, color: 0xffffff, highlightColor: 0xff0000, linkColor: 0x00ff00, linkOpacity: 0.5 },
        ],
        methods: {
          setHighlighted: () => [0],
          pick: () => [new Raycaster(new Vector3(0.5, 0.5, 5), new Vector3(0, 0, -1))],
          dispose: () => [],
        },
      },
    },
    SearchHelper: {
      kind: 'class',
      spec: {
        construct: () => [
          { shape: 'cube', nodeSize: 1, openSize: 0.5, pathRadius: 0.05, shapeLimit: 100, stepWidth: 2, colors: { low: 0xffffff } },
        ],
        methods: {
          setLayers: () => [{ visited: true, open: true, path: true, steps: true }],
          setSegments: () => [emptySegments(4)],
          setVisited: () => [emptyVisited(4)],
          setPath: () => [[0, 0, 0, 1, 1, 1], false],
          reset: () => [],
          dispose: () => [],
        },
      },
    },
    SEARCH_COLORS: { kind: 'value' },
    MAX_DRAWN_NODES: { kind: 'value' },
    collectVisited: { kind: 'function', args: () => [searchedContext(), gridSpace(), emptyVisited(4)] },
    emptyVisited: { kind: 'function', args: () => [16] },
    gridPositions: { kind: 'function', args: () => [grid()] },
    AgentsHelper: {
      kind: 'class',
      spec: {
        construct: () => [{ agent: 0xffffff }],
        methods: { updateFromSimulation: () => [simulation()], update: () => [agentsState(), 1], dispose: () => [] },
      },
    },
    AGENTS_COLORS: { kind: 'value' },
    collectAnyAngleLinks: { kind: 'function', args: () => [lazyRun(), gridSpace(), emptySegments(4)] },
    collectParentLinks: { kind: 'function', args: () => [searchedContext(), gridSpace(), emptySegments(4), 0] },
    emptySegments: { kind: 'function', args: () => [16] },
    clearSegments: { kind: 'function', args: () => [emptySegments(4)] },
    pushSegment: { kind: 'function', args: () => [emptySegments(4), gridSpace(), 0, 0, 1] },
    SightLog: {
      kind: 'class',
      spec: {
        construct: () => [16],
        methods: {
          attach: () => [lazyRun()],
          clear: () => [],
          forEach: () => [() => undefined],
          appendTo: () => [emptySegments(4), gridSpace()],
        },
      },
    },
    SegmentKind: { kind: 'value' },
    MAX_SEGMENTS: { kind: 'value' },
  },

  'src/import/index.ts': {
    importMesh: {
      kind: 'function',
      args: () => ['a.obj', meshFile(), { format: 'obj', read: async () => null, textures: false }],
      codes: ['parse'],
    },
    meshFormat: { kind: 'function', args: () => ['a.glb'] },
    MeshError: { kind: 'class', spec: { construct: () => ['a.glb', 'problem'] } },
    MESH_LIMITS: { kind: 'value' },
    importScene: {
      kind: 'function',
      args: () => [
        [{ src: 'a.obj', mesh: { object: new Object3D(), soup: new Float32Array(triangle()), triangles: 1 }, name: 'a' }],
        { cellSize: 0.25, fill: 'surface', agentRadius: 0, name: 'scene' },
      ],
    },
    ImportError: { kind: 'class', spec: { construct: () => ['message'] } },
    ImportCancelled: { kind: 'class', spec: { construct: () => [] } },
    IMPORT_STAGES: { kind: 'value' },
  },
};
