// An empty ES module: what node costs to start an ESM entry at all (the benchmark's reference).
export {};
