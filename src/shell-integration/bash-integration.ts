// bash: a private --rcfile that sources what bash would have read, then adds the OSC 133 marks.
import { readFileSync } from 'node:fs';
import type { PrivateDir } from './private-dir.js';

/** The arguments with which a bash is interactive and reads ~/.bashrc (not a login shell, no script, no -c). */
const INTERACTIVE_ARGS = new Set(['-i', '--noediting', '--noprofile']);

/** The system bashrc Debian's bash (built with SYS_BASHRC) reads before ~/.bashrc. */
const SYSTEM_BASHRC = '/etc/bash.bashrc';

/** True when `bash args…` is an interactive non-login shell that reads ~/.bashrc (the only kind integrated). */
export function bashTakesRcfile(args: readonly string[]): boolean {
  return args.every((arg) => INTERACTIVE_ARGS.has(arg));
}

/** Whether the bash binary at `path` reads /etc/bash.bashrc (the file name is compiled in). */
export function bashReadsSystemRc(path: string): boolean {
  try {
    return readFileSync(path).includes(SYSTEM_BASHRC);
  } catch {
    return false;
  }
}

/** The private rcfile's text: the user's startup, then the marks (C in PS0, D;$? and A before each prompt, B at PS1's end). */
export function bashRcfile(systemRc: boolean): string {
  return `# osf7501: this session's bash startup (removed when the session ends)
${systemRc ? `[ -f ${SYSTEM_BASHRC} ] && . ${SYSTEM_BASHRC}\n` : ''}[ -f ~/.bashrc ] && . ~/.bashrc
__osf7501_ran=0
__osf7501_save() { __osf7501_s=$?; return $__osf7501_s; }
__osf7501_prompt() {
  local s=$__osf7501_s
  if (( __osf7501_ran )); then printf '\\033]133;D;%s\\007' "$s"; __osf7501_ran=0; fi
  printf '\\033]133;A\\007'
  [[ $PS1 == *'\\[\\033]133;B\\007\\]' ]] || PS1+='\\[\\033]133;B\\007\\]'
  return $s
}
if [[ $(declare -p PROMPT_COMMAND 2>/dev/null) == 'declare -a'* ]]; then
  PROMPT_COMMAND=(__osf7501_save "\${PROMPT_COMMAND[@]}" __osf7501_prompt)
else
  PROMPT_COMMAND=$'__osf7501_save\\n'"\${PROMPT_COMMAND:+$PROMPT_COMMAND$'\\n'}"__osf7501_prompt
fi
PS0+='\${__osf7501_x[__osf7501_ran=1]}\\033]133;C\\007'
`;
}

/** bash's arguments for this session: `--rcfile <private file>` ahead of the user's (which are all options). */
export function bashArgs(dir: PrivateDir, bashPath: string, args: readonly string[]): string[] {
  const rcfile = dir.write('bashrc', bashRcfile(bashReadsSystemRc(bashPath)));
  return ['--rcfile', rcfile, ...args];
}
