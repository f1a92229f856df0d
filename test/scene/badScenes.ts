/** Scene documents for the validation tests: a small valid one and bad cases, each breaking one thing. */

/** A small valid document; each bad case below breaks one thing in a fresh copy. */
export function base(): Record<string, any> {
  return {
    version: 1,
    name: 'test',
    bounds: { min: [0, 0, 0], max: [10, 10, 10] },
    voxels: { dims: [10, 10, 10], solid: [[0, 0, 0, 1, 1, 1]], terrain: [{ kind: 'mud', cost: 2, boxes: [[5, 0, 5, 6, 0, 6]] }] },
    obstacles: [{ id: 'rock', shape: 'sphere', position: [5, 5, 5], radius: 1 }],
    movingObstacles: [{ id: 'moon', radius: 0.5, orbit: { center: [5, 5, 5], radius: 3, period: 10 } }],
    waypoints: [
      { id: 'a', position: [0.5, 3, 0.5] },
      { id: 'b', position: [9, 9, 9] },
    ],
    agents: [{ id: 'x', start: 'a', goal: 'b', radius: 0.3, speed: 1 }],
  };
}

/** [what, input, path, message pattern] */
export const BAD: [string, unknown, string, RegExp][] = [
  ['bad JSON text', '{"version": 1, "name": ', 'JSON', /\S/],
  ['a JSON array', '[]', 'document', /expected an object, got an array/],
  ['missing version', { ...base(), version: undefined }, 'version', /missing \(expected 2\)/],
  ['unsupported version', { ...base(), version: 7 }, 'version', /unsupported version 7 \(this navlab reads 2\)/],
  ['version 0', { ...base(), version: 0 }, 'version', /unsupported version 0/],
  ['version as a string', { ...base(), version: '1' }, 'version', /expected an integer, got '1'/],
  ['name of the wrong type', { ...base(), name: 5 }, 'name', /expected a string, got 5/],
  ['unknown top-level key', { ...base(), agentRaduis: 1 }, 'document', /unknown key 'agentRaduis'/],
  [
    'position with 2 numbers',
    (() => {
      const d = base();
      d.waypoints[1].position = [1, 2];
      return d;
    })(),
    'waypoints[1].position',
    /expected 3 numbers/,
  ],
  [
    'position with a string',
    (() => {
      const d = base();
      d.waypoints[1].position = [1, 'x', 2];
      return d;
    })(),
    'waypoints[1].position',
    /expected 3 numbers/,
  ],
  [
    'position with NaN',
    (() => {
      const d = base();
      d.waypoints[0].position = [NaN, 0, 0];
      return d;
    })(),
    'waypoints[0].position',
    /expected 3 numbers/,
  ],
  [
    'missing position',
    (() => {
      const d = base();
      delete d.waypoints[1].position;
      return d;
    })(),
    'waypoints[1].position',
    /missing/,
  ],
  [
    'missing agent speed',
    (() => {
      const d = base();
      delete d.agents[0].speed;
      return d;
    })(),
    'agents[0].speed',
    /missing \(expected a number\)/,
  ],
  [
    'misspelt agent key',
    (() => {
      const d = base();
      d.agents[0].sped = 1;
      return d;
    })(),
    'agents[0]',
    /unknown key 'sped'/,
  ],
  [
    'empty id',
    (() => {
      const d = base();
      d.waypoints[0].id = '';
      return d;
    })(),
    'waypoints[0].id',
    /must not be empty/,
  ],
  [
    'duplicate waypoint id',
    (() => {
      const d = base();
      d.waypoints[1].id = 'a';
      return d;
    })(),
    'waypoints[1].id',
    /duplicate id 'a' \(first used by waypoints\[0\]\)/,
  ],
  [
    'obstacle and moving obstacle share an id',
    (() => {
      const d = base();
      d.movingObstacles[0].id = 'rock';
      return d;
    })(),
    'movingObstacles[0].id',
    /duplicate id 'rock' \(first used by obstacles\[0\]\)/,
  ],
  [
    'moving obstacle named like a waypoint',
    (() => {
      const d = base();
      d.movingObstacles[0].id = 'b';
      return d;
    })(),
    'movingObstacles[0].id',
    /also a waypoint id/,
  ],
  [
    'duplicate agent id',
    (() => {
      const d = base();
      d.agents.push({ ...d.agents[0] });
      return d;
    })(),
    'agents[1].id',
    /duplicate id 'x'/,
  ],
  [
    'unknown start waypoint',
    (() => {
      const d = base();
      d.agents[0].start = 'zz';
      return d;
    })(),
    'agents[0].start',
    /unknown waypoint 'zz'/,
  ],
  [
    'unknown goal',
    (() => {
      const d = base();
      d.agents[0].goal = 'zz';
      return d;
    })(),
    'agents[0].goal',
    /'zz' is neither a waypoint id nor a moving obstacle id/,
  ],
  [
    'start on a moving obstacle',
    (() => {
      const d = base();
      d.agents[0].start = 'moon';
      return d;
    })(),
    'agents[0].start',
    /'moon' is a moving obstacle/,
  ],
  [
    'start that is neither a position nor an id',
    (() => {
      const d = base();
      d.agents[0].start = [1, 2];
      return d;
    })(),
    'agents[0].start',
    /expected a position \[x, y, z\] or an id string/,
  ],
  [
    'negative radius',
    (() => {
      const d = base();
      d.agents[0].radius = -1;
      return d;
    })(),
    'agents[0].radius',
    /must be >= 0, got -1/,
  ],
  [
    'zero speed',
    (() => {
      const d = base();
      d.agents[0].speed = 0;
      return d;
    })(),
    'agents[0].speed',
    /must be >= 0.001, got 0/,
  ],
  ['negative agentRadius', { ...base(), agentRadius: -0.1 }, 'agentRadius', /must be >= 0/],
  [
    'box outside dims',
    (() => {
      const d = base();
      d.voxels.solid.push([0, 0, 0, 10, 0, 0]);
      return d;
    })(),
    'voxels.solid[1]',
    /outside dims 10x10x10 \(x1 = 10 must be < 10\)/,
  ],
  [
    'box with x0 > x1',
    (() => {
      const d = base();
      d.voxels.solid.push([5, 0, 0, 2, 0, 0]);
      return d;
    })(),
    'voxels.solid[1]',
    /x0 > x1/,
  ],
  [
    'terrain box outside dims',
    (() => {
      const d = base();
      d.voxels.terrain[0].boxes.push([0, 0, 0, 0, 0, 12]);
      return d;
    })(),
    'voxels.terrain[0].boxes[1]',
    /z1 = 12 must be < 10/,
  ],
  [
    'box with a negative index',
    (() => {
      const d = base();
      d.voxels.solid.push([-1, 0, 0, 2, 0, 0]);
      return d;
    })(),
    'voxels.solid[1]',
    /expected 6 integers >= 0/,
  ],
  [
    'box with 5 numbers',
    (() => {
      const d = base();
      d.voxels.solid.push([1, 0, 0, 2, 0]);
      return d;
    })(),
    'voxels.solid[1]',
    /expected 6 integers >= 0/,
  ],
  [
    'fractional dims',
    (() => {
      const d = base();
      d.voxels.dims = [10, 2.5, 10];
      return d;
    })(),
    'voxels.dims',
    /expected 3 positive integers/,
  ],
  [
    'zero cell size',
    (() => {
      const d = base();
      d.voxels.cellSize = 0;
      return d;
    })(),
    'voxels.cellSize',
    /must be >= 0.001/,
  ],
  [
    'huge cell size',
    (() => {
      const d = base();
      d.voxels.cellSize = 1e308;
      return d;
    })(),
    'voxels.cellSize',
    /must be <= 1000000/,
  ],
  [
    'voxel layer beyond the coordinate range',
    (() => {
      const d = base();
      d.voxels.cellSize = 2e5;
      return d;
    })(),
    'voxels',
    /outside ±1000000/,
  ],
  [
    'waypoint at Number.MAX_VALUE',
    (() => {
      const d = base();
      d.waypoints[0].position = [Number.MAX_VALUE, 0, 0];
      return d;
    })(),
    'waypoints[0].position',
    /each within ±1000000/,
  ],
  [
    'bounds of ±1e308',
    (() => {
      const d = base() as Record<string, unknown>;
      d.bounds = { min: [-1e308, 0, 0], max: [1e308, 1, 1] };
      return d;
    })(),
    'bounds.min',
    /each within ±10000000/,
  ],
  ['stepHz 1e9', { ...base(), steering: { stepHz: 1e9 } }, 'steering.stepHz', /must be <= 1000/],
  ['stepHz 1e-300', { ...base(), steering: { stepHz: 1e-300 } }, 'steering.stepHz', /must be >= 1/],
  ['avoidRange 1e308', { ...base(), steering: { avoidRange: 1e308 } }, 'steering.avoidRange', /must be <= 100/],
  [
    'huge speed',
    (() => {
      const d = base();
      d.agents[0].speed = 1e308;
      return d;
    })(),
    'agents[0].speed',
    /must be <= 1000000/,
  ],
  [
    'terrain cost below 1',
    (() => {
      const d = base();
      d.voxels.terrain[0].cost = 0.5;
      return d;
    })(),
    'voxels.terrain[0].cost',
    /must be >= 1, got 0.5/,
  ],
  [
    'bad terrain colour',
    (() => {
      const d = base();
      d.voxels.terrain[0].color = 'blue';
      return d;
    })(),
    'voxels.terrain[0].color',
    /expected a colour/,
  ],
  [
    'unknown obstacle shape',
    (() => {
      const d = base();
      d.obstacles[0].shape = 'cone';
      return d;
    })(),
    'obstacles[0].shape',
    /expected shape 'box', 'sphere' or 'cylinder'/,
  ],
  [
    'flat box obstacle',
    { ...base(), obstacles: [{ id: 'b', shape: 'box', position: [1, 1, 1], size: [1, 0, 1] }] },
    'obstacles[0].size',
    /expected 3 positive numbers/,
  ],
  [
    'cylinder without height',
    { ...base(), obstacles: [{ id: 'c', shape: 'cylinder', position: [1, 1, 1], radius: 1 }] },
    'obstacles[0].height',
    /missing/,
  ],
  [
    'zero orbit axis',
    (() => {
      const d = base();
      d.movingObstacles[0].orbit.axis = [0, 0, 0];
      return d;
    })(),
    'movingObstacles[0].orbit.axis',
    /zero vector/,
  ],
  [
    'zero orbit period',
    (() => {
      const d = base();
      d.movingObstacles[0].orbit.period = 0;
      return d;
    })(),
    'movingObstacles[0].orbit.period',
    /must be >= 0.01/,
  ],
  [
    'denormal orbit period',
    (() => {
      const d = base();
      d.movingObstacles[0].orbit.period = 5e-324;
      return d;
    })(),
    'movingObstacles[0].orbit.period',
    /must be >= 0.01/,
  ],
  ['empty bounds', { ...base(), bounds: { min: [0, 0, 0], max: [10, 0, 10] } }, 'bounds', /min must be < max/],
  ['bad neighbourhood', { ...base(), search: { neighborhood: 7 } }, 'search.neighborhood', /expected 6, 18 or 26/],
  ['unknown heuristic', { ...base(), search: { heuristic: 'magic' } }, 'search.heuristic', /expected one of "exact", .*got 'magic'/],
  ['weight below 1', { ...base(), search: { weight: 0.5 } }, 'search.weight', /must be >= 1/],
  [
    'absurd voxel count',
    { ...base(), voxels: { dims: [100000, 100000, 1] } },
    'voxels.dims',
    /100000x100000x1 = 10000000000 voxels exceeds the limit of 268435456 \(2\^28\)/,
  ],
];
