export { mulberry32, randInt } from '../../src/core/math/random.ts';
