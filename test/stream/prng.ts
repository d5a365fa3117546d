// The tests' seeded PRNG is the project's own (mulberry32), so a failing property run replays from its seed.
export { makeRng, type Rng } from '../../src/demo/rng.js';
