// zsh: a private ZDOTDIR whose startup files source the user's own, then add the OSC 133 marks as hooks.
import type { PrivateDir } from './private-dir.js';

/** The user's ZDOTDIR, handed to the private .zshenv (absent: the user had none). */
export const USER_ZDOTDIR_ENV = 'OSF7501_USER_ZDOTDIR';

/** The arguments with which a zsh is interactive and reads its startup files (no script, no -c). */
const INTERACTIVE_ARGS = new Set(['-i', '-l', '--login', '-il', '-li']);

/** True when `zsh args…` is an interactive shell (the only kind integrated). */
export function zshIsInteractive(args: readonly string[]): boolean {
  return args.every((arg) => INTERACTIVE_ARGS.has(arg));
}

// Each private file: the user's ZDOTDIR back for the user's code, their file, then the private one again.
function relay(name: string, after = ''): string {
  return `# osf7501: this session's zsh startup (removed when the session ends)
if [[ -n \${__osf7501_user_zdotdir+x} ]]; then ZDOTDIR=$__osf7501_user_zdotdir; else unset ZDOTDIR; fi
[[ -f \${ZDOTDIR:-$HOME}/${name} ]] && source \${ZDOTDIR:-$HOME}/${name}
if [[ -n \${ZDOTDIR+x} ]]; then __osf7501_user_zdotdir=$ZDOTDIR; else unset __osf7501_user_zdotdir; fi
ZDOTDIR=\${__osf7501_private_zdotdir}
${after}`;
}

// After the last file zsh reads: the user's ZDOTDIR stays.
const RESTORE = `if [[ -n \${__osf7501_user_zdotdir+x} ]]; then ZDOTDIR=$__osf7501_user_zdotdir; else unset ZDOTDIR; fi
unset __osf7501_user_zdotdir __osf7501_private_zdotdir
`;

const MARKS = `autoload -Uz add-zsh-hook
__osf7501_ran=0
__osf7501_precmd() {
  local s=$?
  (( __osf7501_ran )) && printf '\\033]133;D;%s\\007' "$s"
  __osf7501_ran=0
  printf '\\033]133;A\\007'
  [[ $PS1 == *'%{'$'\\033'']133;B'$'\\007''%}' ]] || PS1+='%{'$'\\033'']133;B'$'\\007''%}'
}
__osf7501_preexec() { __osf7501_ran=1; printf '\\033]133;C\\007'; }
add-zsh-hook precmd __osf7501_precmd
add-zsh-hook preexec __osf7501_preexec
`;

/** Writes the four private startup files; returns the environment additions (ZDOTDIR and the user's, to restore). */
export function zshEnv(dir: PrivateDir, env: NodeJS.ProcessEnv): Record<string, string> {
  dir.write(
    '.zshenv',
    `__osf7501_private_zdotdir=$ZDOTDIR
if [[ -n \${${USER_ZDOTDIR_ENV}+x} ]]; then __osf7501_user_zdotdir=$${USER_ZDOTDIR_ENV}; else unset __osf7501_user_zdotdir; fi
unset ${USER_ZDOTDIR_ENV}
` +
      relay('.zshenv', `[[ -o interactive ]] || { ${RESTORE.trim().replace(/\n/g, '; ')}; }\n`),
  );
  dir.write('.zprofile', relay('.zprofile'));
  dir.write('.zshrc', relay('.zshrc', `${MARKS}[[ -o login ]] || { ${RESTORE.trim().replace(/\n/g, '; ')}; }\n`));
  dir.write('.zlogin', relay('.zlogin', RESTORE));
  const user = env['ZDOTDIR'];
  return { ZDOTDIR: dir.path, ...(user === undefined ? {} : { [USER_ZDOTDIR_ENV]: user }) };
}
