import type { Object3D } from 'three';
import { AgentView } from './AgentView.ts';

/** The agents' drawn objects for the shader warm-up (Shell.warmUp): an agent with its force and velocity arrows, selected. */
export async function agentsWarmupSamples(): Promise<Object3D[]> {
  const agents = new AgentView();
  agents.showForces = true;
  agents.showVelocities = true;
  agents.selected = 0;
  const f = () => new Float32Array([0, 0, 1]);
  agents.update({
    type: 'snapshot',
    generation: 0,
    time: 0,
    steps: 0,
    playing: false,
    count: 1,
    ids: null,
    positions: f(),
    headings: f(),
    pull: f(),
    push: f(),
    velocities: f(),
    preferred: f(),
    radii: new Float32Array([1]),
    arrived: new Uint8Array(1),
    arrivedCount: 0,
    obstacles: new Float32Array(0),
    goals: f(),
    path: f(),
    pathOf: 0,
  });
  return [agents];
}
