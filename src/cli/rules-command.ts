// `osf7501 rules list` and `osf7501 rules check [FILE...]`: what rule sets exist and whether they are valid.
import { Command } from 'commander';
import { RuleError } from '../rules/errors.js';
import { checkRuleFiles, listRules } from '../rule-files/load-commands.js';
import { EXIT } from '../exit/codes.js';
import type { CliIo } from './io.js';
import { newProgram, parseArgs } from './program.js';

/** Runs the rules subcommand. */
export async function rulesCommand(argv: string[], io: CliIo): Promise<number> {
  let status: number = EXIT.ok;
  const options = { env: io.env, cwd: io.cwd };
  const program = newProgram('osf7501 rules', io)
    .usage('list | check [FILE...]')
    .description('Inspect the rule sets: the bundled rules/*.toml and your $XDG_CONFIG_HOME/osf7501/rules/*.toml.');
  const sub = (name: string): Command =>
    program
      .command(name)
      .helpOption('-h, --help', 'print this help and exit')
      .exitOverride()
      .configureOutput({ writeOut: (t) => io.stdout.write(t), writeErr: (t) => io.stderr.write(t) });
  sub('list')
    .description('list every rule set: app, commands, versions checked, file (user files override bundled ones by app)')
    .option('--json', 'one JSON array, for scripts')
    .action((opts: { json?: boolean }) => {
      const rows = listRules(options);
      if (opts.json) {
        io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        return;
      }
      for (const row of rows) {
        const note = row.overridden ? ` (overridden by ${row.overriddenBy})` : '';
        io.stdout.write(
          `${row.app}\t${row.commands.join(',') || '-'}\t${row.versions.join(',') || '-'}\t${row.rules} rules\t${row.origin}\t${row.path}${note}\n`,
        );
      }
    });
  sub('check')
    .description('validate rule files (default: every bundled and user file); prints one line per file')
    .argument('[files...]', 'rule files to check')
    .action((files: string[]) => {
      for (const check of checkRuleFiles(files, options)) {
        if (check.ok) {
          io.stdout.write(`ok\t${check.path}\t${check.app}, ${check.rules} rules\n`);
          for (const warning of check.warnings) io.stderr.write(`osf7501: warning: ${warning}\n`);
        } else {
          io.stderr.write(`osf7501: ${check.error.message}\n`);
          status = EXIT.usage;
        }
      }
    });
  try {
    const parsed = await parseArgs(program, argv);
    if (parsed !== undefined) return parsed;
  } catch (error) {
    if (error instanceof RuleError) {
      io.stderr.write(`osf7501: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  if (argv.length === 0) {
    program.outputHelp({ error: true });
    return EXIT.usage;
  }
  return status;
}
