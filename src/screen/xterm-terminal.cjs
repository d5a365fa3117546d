// @xterm/headless's Terminal, loaded through require(). An ES module importing the package directly makes
// Node's ESM loader lex the whole 140 KB CommonJS bundle (cjs-module-lexer) for its export names, which
// costs the shim ~3 MB of resident memory; this CommonJS file names its one export itself.
// The bundle (package.json's `bundle` script) keeps it external and copies it beside its chunks: bundled, its
// require('@xterm/headless') would become esbuild's __require, which throws in an ES module.
'use strict';
const xtermHeadless = require('@xterm/headless');
exports.Terminal = xtermHeadless.Terminal;
