// Types of xterm-terminal.cjs.
import xtermHeadless = require('@xterm/headless');
export declare const Terminal: typeof xtermHeadless.Terminal;
