// What bin/osf7501 needs before the CLI loads. The bundle (package.json's `bundle` script) builds this file as one entry, so
// the launcher's first import is one file, not five modules each resolved, read and linked by Node's loader.
export { runEmergencyCleanups } from '../session/emergency.js';
export { releaseHungUpTerminals, terminalDescriptors } from '../tty/hung-up-terminal.js';
export { startTerminalSnapshot } from '../tty/terminal-snapshot.js';
export { EXIT } from '../exit/codes.js';
export { quietMemoryReducer } from '../session/memory-reducer.js';
