// `osf7501 config [--app COMMAND]`: the effective run settings and where each came from.
import { ConfigError, effectiveSettings, loadConfig, SETTING_KEYS } from './config-file.js';
import { EXIT } from '../exit/codes.js';
import type { CliIo } from './io.js';
import { newProgram, parseArgs } from './program.js';

/** Runs the config subcommand. */
export async function configCommand(argv: string[], io: CliIo): Promise<number> {
  let app: string | undefined;
  const program = newProgram('osf7501 config', io)
    .description(
      'Print the effective run settings and where each comes from (default, config, config [apps.<command>]).\n' +
        'The file is $XDG_CONFIG_HOME/osf7501/config.toml (default ~/.config/osf7501/config.toml); the command\n' +
        "line's own options win over it.",
    )
    .option('--app <command>', 'the settings for this command (e.g. claude), with its [apps.<command>] table')
    .addHelpText('after', '\nExit status: 0; 2 for a usage error or a bad config file (one line naming the file and the key).\n')
    .action((flags: { app?: string }) => {
      app = flags.app;
    });
  const status = await parseArgs(program, argv);
  if (status !== undefined) return status;
  let config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr.write(`osf7501 config: ${error.message}\n`);
    return EXIT.usage;
  }
  const settings = effectiveSettings(config, app, {});
  const width = Math.max(...SETTING_KEYS.map((k) => k.length));
  const lines = [`# ${config.path}${config.found ? '' : ' (not found: built-in defaults)'}${app === undefined ? '' : `, for ${app}`}`];
  for (const key of SETTING_KEYS) {
    const { value, source } = settings[key];
    lines.push(`${key.padEnd(width)} = ${JSON.stringify(value).padEnd(10)} # ${source}`);
  }
  const apps = Object.keys(config.apps);
  if (app === undefined && apps.length > 0) lines.push(`# per-app tables: ${apps.join(', ')} (see --app)`);
  io.stdout.write(`${lines.join('\n')}\n`);
  return EXIT.ok;
}
