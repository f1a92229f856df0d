/**
 * Agents in a scene: NavWorld over a few pillars, a NavSimulation driving one mesh per agent
 * across the room and back, and an AgentsHelper drawing their spheres and force arrows.
 */
import { Box3, BoxGeometry, ConeGeometry, Group, Mesh, MeshStandardMaterial, Vector3 } from 'three';
import { AgentsHelper } from 'navlab/helpers';
import { createSimulation, NavWorld } from 'navlab/three';
import { createStage } from './stage.ts';

const stage = createStage(new Vector3(0, 16, 14), new Vector3(0, 0, 0));
const level = new Group();
const stone = new MeshStandardMaterial({ color: 0x6c7686 });
for (const [x, z] of [
  [-3, -2],
  [0, 1],
  [3, -1],
  [-1, 4],
  [2, -4],
]) {
  const pillar = new Mesh(new BoxGeometry(1.2, 3, 1.2), stone);
  pillar.position.set(x, 1.5, z);
  level.add(pillar);
}
stage.scene.add(level);

const bounds = new Box3(new Vector3(-8, 0, -8), new Vector3(8, 3, 8));
const nav = NavWorld.fromObject3D(level, { cellSize: 0.4, agentRadius: 0.3, waypoints: 'none', bounds });
const sim = createSimulation(nav);

// Twelve agents on a circle, each heading for the opposite side.
const drones: Mesh[] = [];
const goals = new Map<Mesh, Vector3[]>();
const body = new ConeGeometry(0.25, 0.6, 12);
for (let i = 0; i < 12; i++) {
  const a = (i / 12) * 2 * Math.PI;
  const drone = new Mesh(body, new MeshStandardMaterial({ color: 0xa78bfa }));
  drone.position.set(6.5 * Math.cos(a), 1, 6.5 * Math.sin(a));
  stage.scene.add(drone);
  const there = new Vector3(-drone.position.x, 1, -drone.position.z);
  goals.set(drone, [there, drone.position.clone()]);
  sim.addAgent(drone, { goal: there, speed: 2.5 });
  drones.push(drone);
}

const helper = new AgentsHelper();
helper.showForces = true;
stage.scene.add(helper);

let arrivals = 0;
const starts = drones.map((d) => d.position.clone());
stage.loop((dt) => {
  sim.update(dt);
  for (const drone of drones) {
    if (!sim.arrived(drone)) continue;
    // Arrived: turn round and head back.
    const [there, back] = goals.get(drone)!;
    goals.set(drone, [back, there]);
    sim.setGoal(drone, back);
    arrivals++;
  }
  helper.updateFromSimulation(sim.simulation);
  stage.info(`${drones.length} agents, ${arrivals} arrivals`);
  const moved = drones.reduce((sum, d, i) => sum + d.position.distanceTo(starts[i]), 0);
  Object.assign(window, { example: { agents: helper.counts.agents, arrows: helper.counts.arrows, arrivals, moved } });
});
