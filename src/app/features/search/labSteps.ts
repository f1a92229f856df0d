/**
 * Line-of-sight checks the lab keeps and draws: the most recent ones, over the any-angle
 * tree. A passed check lies exactly on the parent link it confirms, so drawing every check
 * would hide the tree; the recent ones show where the search is checking now. (What a run
 * shows beyond A*, by its algorithm tag: core/debug/runSteps.ts.)
 */
export const RECENT_SIGHT_CHECKS = 128;
