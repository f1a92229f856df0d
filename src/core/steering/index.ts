/**
 * Steering: agents that follow planned paths with attraction/repulsion forces past each other,
 * moving obstacles and static geometry, on a fixed-step clock. Engine-agnostic: the static world
 * (`StaticGeometry`) and the path planner (`PathPlanner`) are injected.
 */
export * from './params.ts';
export * from './geometry.ts';
export * from './NeighborGrid.ts';
export * from './planners.ts';
export * from './Simulation.ts';
