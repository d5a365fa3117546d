// The names a running program may be known by, to find its rule set from its command line.

/** Interpreters whose first argument is the real program (`node …/claude-code/cli.js`). */
const INTERPRETERS = new Set(['node', 'nodejs', 'bun', 'deno', 'python', 'python3', 'ruby', 'perl']);

/**
 * npm package folders whose program goes by another command name: an agent run as
 * `node …/<package>/dist/cli.js` is known by its command too (the rule sets list commands).
 */
const PACKAGE_COMMANDS: Readonly<Record<string, string>> = {
  // ---- i18b (issue 18)
  'pi-coding-agent': 'pi',
  // ---- end i18b
  // ---- agents-a (issue 18): `node …/@qwen-code/qwen-code/cli-entry.js`
  'qwen-code': 'qwen',
  // ---- end agents-a
  // ---- wrap7: `node …/@vibe-kit/grok-cli/dist/index.js`
  'grok-cli': 'grok',
  // ---- end wrap7
};

function basename(path: string): string {
  const parts = path.split('/');
  return parts[parts.length - 1] ?? path;
}

/**
 * Candidate names for a command line, most specific first: argv[0]'s basename; for an interpreter,
 * the script's basename without extension and the folders on its path (an npm package folder
 * such as `claude-code` names the program better than `cli.js`), then the command of a package folder
 * that PACKAGE_COMMANDS knows (`pi-coding-agent` → `pi`). A login shell's leading `-` is dropped.
 */
export function programNames(argv: readonly string[]): string[] {
  const first = argv[0];
  if (first === undefined) return [];
  const names = [basename(first).replace(/^-/u, '')];
  const script = argv.slice(1).find((a) => !a.startsWith('-'));
  if (INTERPRETERS.has(names[0] as string) && script !== undefined) {
    names.unshift(basename(script).replace(/\.[cm]?[jt]s$|\.py$/u, ''));
    const folders = script.split('/').slice(0, -1).reverse();
    for (const folder of folders) if (folder !== '' && !folder.startsWith('.')) names.push(folder);
    for (const folder of folders) {
      const command = Object.hasOwn(PACKAGE_COMMANDS, folder) ? PACKAGE_COMMANDS[folder] : undefined;
      if (command !== undefined && !names.includes(command)) names.push(command);
    }
  }
  return names;
}
