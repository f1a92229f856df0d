/** The search's debug data lives beside SearchHelper in the three layer. */
export { collectVisited, emptyVisited, gridPositions, trimVisited } from '../../../core/debug/visitedNodes.ts';
