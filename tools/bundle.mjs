// Bundles tsc's output (dist/src) into dist/bundle/, the code bin/osf7501 runs and the package ships.
//
// Why: Node's ES module loader resolves, reads, compiles and links every module on its own, ~0.5–1 ms each;
// for the ~30 files before the child's spawn that was about a third of exec → spawn, and reporting's ~60 after
// it held the relay's thread for 50–80 ms (bench/README.md, "The bundle"). One esbuild run over all entries with code splitting keeps the loading lazy where the
// code is: every dynamic import() stays its own chunk (a subcommand loads only when run, reporting after the
// spawn, xterm at the first sweep), and a module that several entries use (src/session/emergency.ts's
// registry) exists once. Packages stay external (node_modules, as before), so nothing of theirs is copied.
import { copyFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = 'dist/bundle';

/** The entries: bin/osf7501's two imports and the demo's agent, a program the demo runs with node. */
const ENTRIES = {
  launcher: 'dist/src/cli/launcher.js',
  main: 'dist/src/cli/main.js',
  'fake-agent': 'dist/src/demo/fake-agent.js',
};

/**
 * xterm's Terminal comes through a CommonJS bridge (src/screen/xterm-terminal.cjs, see there why). Bundled,
 * its require('@xterm/headless') would become esbuild's __require, which throws in an ES module; so the bridge
 * stays a file of its own beside the chunks and is imported as it is from dist/src.
 */
const xtermBridge = {
  name: 'xterm-bridge',
  setup(b) {
    b.onResolve({ filter: /\/xterm-terminal\.cjs$/ }, () => ({ path: './xterm-terminal.cjs', external: true }));
  },
};

rmSync(`${ROOT}/${OUT}`, { recursive: true, force: true });
await build({
  absWorkingDir: ROOT,
  entryPoints: ENTRIES,
  outdir: OUT,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  plugins: [xtermBridge],
  logLevel: 'warning',
});
copyFileSync(`${ROOT}/dist/src/screen/xterm-terminal.cjs`, `${ROOT}/${OUT}/xterm-terminal.cjs`);
