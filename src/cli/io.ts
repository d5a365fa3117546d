// The process surface the CLI works through; only bin/osf7501 builds it from `process`.

/** Streams, environment and working directory of one CLI invocation. */
export interface CliIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}
