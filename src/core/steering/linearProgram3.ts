/**
 * The small 3D linear program of reciprocal avoidance (ORCA in 3D, after RVO2-3D by van den
 * Berg, Guy, Snape, Lin and Manocha): find the velocity nearest a preferred one inside a ball
 * of radius maxSpeed and inside every half-space { v : (v - point) . normal >= 0 }.
 *
 * Seidel-style incremental solve: planes are added one at a time; when the current optimum
 * violates a new plane, the optimum moves onto that plane (a 2D problem on the plane, whose
 * own violations become 1D problems on the lines where planes meet). When no velocity
 * satisfies every plane, `leastPenetration` finds the velocity that violates the planes from
 * the first failing one on by the least distance (a 3D problem one dimension up, solved by the
 * same routine with direction optimisation).
 *
 * Half-spaces are flat: 6 numbers per plane (point x, y, z, unit normal x, y, z) in a
 * Float64Array. Everything works in caller-provided arrays and module scratch: nothing is
 * allocated per call.
 */

/** Squared lengths below this count as zero (parallel planes, a zero direction). */
const EPSILON = 1e-9;

/** Numbers per half-space in a plane array: point (3), unit normal (3). */
export const PLANE_STRIDE = 6;

// Module scratch (the solver allocates nothing).
const _line = new Float64Array(6); // point (3), unit direction (3)
const _saved = new Float64Array(3);
const _kept = new Float64Array(3);

/** (plane o's point - (x, y, z)) . its normal: > 0 when (x, y, z) violates plane o (o = PLANE_STRIDE x index). */
function gap(planes: Float64Array, o: number, x: number, y: number, z: number): number {
  return planes[o + 3] * (planes[o] - x) + planes[o + 4] * (planes[o + 1] - y) + planes[o + 5] * (planes[o + 2] - z);
}

/** gap() of the point r (xyz). */
function gapTo(planes: Float64Array, o: number, r: Float64Array): number {
  return gap(planes, o, r[0], r[1], r[2]);
}

/** Copies the first three numbers of `from` into `to`. */
function copy3(to: Float64Array, from: Float64Array): void {
  to[0] = from[0];
  to[1] = from[1];
  to[2] = from[2];
}

/**
 * Writes into `result` the point of line `line` (point, unit direction) inside the ball of
 * `radius` and the half-spaces 0..planeNo-1 that is nearest `opt` (or farthest along `opt`
 * when `directionOpt`); false when that part of the line is empty.
 */
function program1(
  planes: Float64Array,
  planeNo: number,
  line: Float64Array,
  radius: number,
  ox: number,
  oy: number,
  oz: number,
  directionOpt: boolean,
  result: Float64Array,
): boolean {
  const px = line[0],
    py = line[1],
    pz = line[2],
    dx = line[3],
    dy = line[4],
    dz = line[5];
  const dotProduct = px * dx + py * dy + pz * dz;
  const discriminant = dotProduct * dotProduct + radius * radius - (px * px + py * py + pz * pz);
  if (discriminant < 0) return false;
  const sq = Math.sqrt(discriminant);
  let tLeft = -dotProduct - sq;
  let tRight = -dotProduct + sq;
  for (let i = 0; i < planeNo; i++) {
    const o = PLANE_STRIDE * i;
    const numerator = gap(planes, o, px, py, pz);
    const denominator = dx * planes[o + 3] + dy * planes[o + 4] + dz * planes[o + 5];
    if (denominator * denominator <= EPSILON) {
      // The line is (almost) parallel to plane i: all in or all out.
      if (numerator > 0) return false;
      continue;
    }
    const t = numerator / denominator;
    if (denominator >= 0) tLeft = Math.max(tLeft, t);
    else tRight = Math.min(tRight, t);
    if (tLeft > tRight) return false;
  }
  let t: number;
  if (directionOpt) {
    t = ox * dx + oy * dy + oz * dz > 0 ? tRight : tLeft;
  } else {
    t = dx * (ox - px) + dy * (oy - py) + dz * (oz - pz);
    if (t < tLeft) t = tLeft;
    else if (t > tRight) t = tRight;
  }
  result[0] = px + t * dx;
  result[1] = py + t * dy;
  result[2] = pz + t * dz;
  return true;
}

/**
 * The optimum on plane `planeNo` within the ball and the half-spaces 0..planeNo-1 (written
 * into `result`); false when that part of the plane is empty.
 */
function program2(
  planes: Float64Array,
  planeNo: number,
  radius: number,
  ox: number,
  oy: number,
  oz: number,
  directionOpt: boolean,
  result: Float64Array,
): boolean {
  const b = PLANE_STRIDE * planeNo;
  const bpx = planes[b],
    bpy = planes[b + 1],
    bpz = planes[b + 2],
    nx = planes[b + 3],
    ny = planes[b + 4],
    nz = planes[b + 5];
  const planeDist = bpx * nx + bpy * ny + bpz * nz;
  const radiusSq = radius * radius;
  if (planeDist * planeDist > radiusSq) return false;
  const planeRadiusSq = radiusSq - planeDist * planeDist;
  const cx = planeDist * nx,
    cy = planeDist * ny,
    cz = planeDist * nz;
  if (directionOpt) {
    const on = ox * nx + oy * ny + oz * nz;
    const vx = ox - on * nx,
      vy = oy - on * ny,
      vz = oz - on * nz;
    const l2 = vx * vx + vy * vy + vz * vz;
    if (l2 <= EPSILON) {
      result[0] = cx;
      result[1] = cy;
      result[2] = cz;
    } else {
      const k = Math.sqrt(planeRadiusSq / l2);
      result[0] = cx + k * vx;
      result[1] = cy + k * vy;
      result[2] = cz + k * vz;
    }
  } else {
    // Project the preferred velocity onto the plane, then into the plane's disc of the ball.
    const d = gap(planes, b, ox, oy, oz);
    let rx = ox + d * nx,
      ry = oy + d * ny,
      rz = oz + d * nz;
    if (rx * rx + ry * ry + rz * rz > radiusSq) {
      const qx = rx - cx,
        qy = ry - cy,
        qz = rz - cz;
      const l2 = qx * qx + qy * qy + qz * qz;
      const k = l2 > 0 ? Math.sqrt(planeRadiusSq / l2) : 0;
      rx = cx + k * qx;
      ry = cy + k * qy;
      rz = cz + k * qz;
    }
    result[0] = rx;
    result[1] = ry;
    result[2] = rz;
  }
  for (let i = 0; i < planeNo; i++) {
    const o = PLANE_STRIDE * i;
    const mx = planes[o + 3],
      my = planes[o + 4],
      mz = planes[o + 5];
    if (gapTo(planes, o, result) <= 0) continue;
    // The optimum violates plane i: move it onto the line where planes i and planeNo meet.
    let ux = my * nz - mz * ny,
      uy = mz * nx - mx * nz,
      uz = mx * ny - my * nx;
    const u2 = ux * ux + uy * uy + uz * uz;
    if (u2 <= EPSILON) return false; // (almost) parallel: plane i cuts plane planeNo off entirely
    const ul = Math.sqrt(u2);
    ux /= ul;
    uy /= ul;
    uz /= ul;
    // lineNormal = direction x n(planeNo): in plane planeNo, across the line.
    const lx = uy * nz - uz * ny,
      ly = uz * nx - ux * nz,
      lz = ux * ny - uy * nx;
    const k = gap(planes, o, bpx, bpy, bpz) / (lx * mx + ly * my + lz * mz);
    _line[0] = bpx + k * lx;
    _line[1] = bpy + k * ly;
    _line[2] = bpz + k * lz;
    _line[3] = ux;
    _line[4] = uy;
    _line[5] = uz;
    if (!program1(planes, i, _line, radius, ox, oy, oz, directionOpt, result)) return false;
  }
  return true;
}

/**
 * Solves the program over the first `count` planes: writes into `result` the velocity within
 * the ball of `radius` and every half-space nearest (ox, oy, oz) (when `directionOpt`, (ox, oy,
 * oz) is a unit direction and the result is the feasible velocity farthest along it). Returns
 * `count` on success, else the index of the first plane that made the program infeasible
 * (`result` then holds the optimum of the planes before it).
 */
export function solveLinearProgram3(
  planes: Float64Array,
  count: number,
  radius: number,
  ox: number,
  oy: number,
  oz: number,
  directionOpt: boolean,
  result: Float64Array,
): number {
  if (directionOpt) {
    result[0] = ox * radius;
    result[1] = oy * radius;
    result[2] = oz * radius;
  } else {
    const l2 = ox * ox + oy * oy + oz * oz;
    const k = l2 > radius * radius ? radius / Math.sqrt(l2) : 1;
    result[0] = ox * k;
    result[1] = oy * k;
    result[2] = oz * k;
  }
  for (let i = 0; i < count; i++) {
    if (gapTo(planes, PLANE_STRIDE * i, result) <= 0) continue;
    copy3(_saved, result);
    if (!program2(planes, i, radius, ox, oy, oz, directionOpt, result)) {
      copy3(result, _saved);
      return i;
    }
  }
  return count;
}

/**
 * When the program is infeasible from plane `begin` on: moves `result` (the optimum of the
 * planes before `begin`) to the velocity in the ball whose largest violation of planes
 * begin..count-1 is least (RVO2-3D's fallback; planes before `begin` stay satisfied). `scratch`
 * must hold PLANE_STRIDE x count numbers (the projected planes).
 */
export function leastPenetration(
  planes: Float64Array,
  count: number,
  begin: number,
  radius: number,
  result: Float64Array,
  scratch: Float64Array,
): void {
  let distance = 0;
  for (let i = begin; i < count; i++) {
    const b = PLANE_STRIDE * i;
    const nx = planes[b + 3],
      ny = planes[b + 4],
      nz = planes[b + 5];
    if (gapTo(planes, b, result) <= distance) continue;
    // Plane i is violated by more than the least penetration so far: project every earlier
    // plane j onto the bisector of i and j, and maximise the progress along i's normal.
    let m = 0;
    for (let j = 0; j < i; j++) {
      const o = PLANE_STRIDE * j;
      const mx = planes[o + 3],
        my = planes[o + 4],
        mz = planes[o + 5];
      const cx = my * nz - mz * ny,
        cy = mz * nx - mx * nz,
        cz = mx * ny - my * nx;
      const w = PLANE_STRIDE * m;
      if (cx * cx + cy * cy + cz * cz <= EPSILON) {
        if (nx * mx + ny * my + nz * mz > 0) continue; // same direction
        scratch[w] = 0.5 * (planes[b] + planes[o]);
        scratch[w + 1] = 0.5 * (planes[b + 1] + planes[o + 1]);
        scratch[w + 2] = 0.5 * (planes[b + 2] + planes[o + 2]);
      } else {
        // A point on the line where planes i and j meet: lineNormal = (n_j x n_i) x n_i.
        const lx = cy * nz - cz * ny,
          ly = cz * nx - cx * nz,
          lz = cx * ny - cy * nx;
        const k = gap(planes, o, planes[b], planes[b + 1], planes[b + 2]) / (lx * mx + ly * my + lz * mz);
        scratch[w] = planes[b] + k * lx;
        scratch[w + 1] = planes[b + 1] + k * ly;
        scratch[w + 2] = planes[b + 2] + k * lz;
      }
      let qx = mx - nx,
        qy = my - ny,
        qz = mz - nz;
      const ql = Math.sqrt(qx * qx + qy * qy + qz * qz);
      qx /= ql;
      qy /= ql;
      qz /= ql;
      scratch[w + 3] = qx;
      scratch[w + 4] = qy;
      scratch[w + 5] = qz;
      m++;
    }
    copy3(_kept, result);
    // Rounding only (the result is feasible by construction): keep the previous one.
    if (solveLinearProgram3(scratch, m, radius, nx, ny, nz, true, result) < m) copy3(result, _kept);
    distance = gapTo(planes, b, result);
  }
}
