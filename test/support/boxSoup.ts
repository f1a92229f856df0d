/**
 * A closed box's 12 triangles (9 numbers each) from `min` to `max`, optionally turned about the
 * vertical axis through its centre by `turn` radians: the closed meshes the voxelization and
 * solid-fill tests are made of.
 */
export function boxSoup(min: readonly number[], max: readonly number[], turn = 0): number[] {
  const c = [0, 1, 2].map((a) => (min[a] + max[a]) / 2);
  const corner = (i: number) => {
    const p = [i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]];
    if (turn === 0) return p;
    const dx = p[0] - c[0],
      dz = p[2] - c[2];
    return [c[0] + dx * Math.cos(turn) - dz * Math.sin(turn), p[1], c[2] + dx * Math.sin(turn) + dz * Math.cos(turn)];
  };
  const quads = [
    [0, 1, 3, 2],
    [4, 6, 7, 5],
    [0, 4, 5, 1],
    [2, 3, 7, 6],
    [0, 2, 6, 4],
    [1, 5, 7, 3],
  ];
  const out: number[] = [];
  for (const [a, b, d, e] of quads) out.push(...corner(a), ...corner(b), ...corner(d), ...corner(a), ...corner(d), ...corner(e));
  return out;
}
