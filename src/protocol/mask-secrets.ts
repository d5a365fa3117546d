// Pure: token-like strings in a text the shim sends (a report's msg or title, a log line, a pane option) masked.
// The form: what says which kind of secret it was stays (`sk-ant-`, `ghp_`, `Bearer`, the variable's name), the
// secret becomes MASK. Idempotent: a masked text masks to itself. spec/behaviour.md, "Secrets in messages".

/** What stands for a secret. */
export const MASK = '****';

/** A value that names a secret without being one: a shell variable, a command substitution, a template's
 * placeholder (`${{ secrets.X }}`, `{{ x }}`, `<token>`, `%TOKEN%`), or one already masked. */
const REFERENCE = /^(?:\$|`|<[^>]*>$|\{\{|%[A-Za-z_]+%$|\*{3,}$)/u;

/** Words in a variable, key or flag name that make its value a secret wherever they stand in the name (`SECRET_KEY_BASE`). */
const SECRET_PARTS = new Set(['token', 'secret', 'secrets', 'password', 'passwd', 'passphrase', 'apikey', 'credential', 'credentials']);
/** Words that make it a secret only as the name's last word (`SSH_KEY`, `DB_PASS`, `MYSQL_PWD`; not `StrictHostKeyChecking`, `PWD`). */
const LAST_SECRET_PARTS = new Set(['key', 'keys', 'pass', 'pat', 'pwd']);
/** A word ending in one of these is a secret's name too (`PGPASSWORD`, `ACCESSTOKEN`, `APIKEY`, `CLIENTSECRET`). */
const SECRET_ENDINGS = /(?:token|secret|password|passwd|passphrase|apikey|accesskey|secretkey|privatekey|signingkey|masterkey|credentials?)$/u;
/** A last part that says the value is about the secret, not the secret (`PASSWORD_FILE=/run/secrets/db`, `TOKEN_URL`). */
const DESCRIPTOR_PARTS = new Set([
  'file', 'path', 'dir', 'url', 'uri', 'endpoint', 'host', 'length', 'len', 'size', 'count', 'type', 'id', 'name', 'env', 'cmd',
  'command', 'helper', 'prompt', 'min', 'max', 'expiry', 'expires', 'ttl', 'timeout', 'limit', 'stdin', 'fd', 'hint', 'policy',
  'store', 'manager', 'mode', 'format', 'header', 'field', 'option', 'required', 'enabled', 'rotation', 'ref',
]);

/** A name's parts, lower case: split at `_`, `-`, `.` and camelCase humps (`apiKey` → api, key). */
function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/gu, '$1_$2')
    .toLowerCase()
    .split(/[_.-]+/u)
    .filter((part) => part !== '');
}

/** Whether a variable, key or header named `name` holds a secret: one of its parts says so, and its last part does not say it is about one. */
export function isSecretName(name: string): boolean {
  const parts = nameParts(name);
  const last = parts[parts.length - 1];
  if (last === undefined || DESCRIPTOR_PARTS.has(last)) return false;
  // `MYSQL_PWD` is a password, `PWD` and `OLDPWD` are directories.
  if (LAST_SECRET_PARTS.has(last) && (last !== 'pwd' || parts.length > 1)) return true;
  return parts.some((part) => SECRET_PARTS.has(part) || SECRET_ENDINGS.test(part));
}

/** A secret value as masked: quotes kept, references and empty values left as they are. */
function maskValue(value: string): string {
  const quote = value[0] === '"' || value[0] === "'" ? value[0] : '';
  const inner = quote !== '' && value.endsWith(quote) && value.length >= 2 ? value.slice(1, -1) : value;
  // A value a token family already masked keeps its prefix (`SLACK_BOT_TOKEN=xoxb-****`).
  if (inner === '' || inner.includes(MASK) || REFERENCE.test(inner) || /^(?:null|none|true|false)$/iu.test(inner)) return value;
  return quote === '' ? MASK : `${quote}${MASK}${quote}`;
}

/** The token families with a prefix of their own: the prefix is kept (`ghp_****`). */
const PREFIXED_TOKENS: ReadonlyArray<RegExp> = [
  // GitHub: classic and fine-grained.
  /(?<![\w-])(gh[pousr]_)[A-Za-z0-9]{20,}/gu,
  /(?<![\w-])(github_pat_)[A-Za-z0-9_]{20,}/gu,
  // GitLab, Slack, npm, Hugging Face, Stripe, Google.
  /(?<![\w-])(glpat-)[A-Za-z0-9_-]{20,}/gu,
  /(?<![\w-])(xox[abprse]-)[A-Za-z0-9-]{10,}/gu,
  /(?<![\w-])(xapp-)[A-Za-z0-9-]{10,}/gu,
  /(?<![\w-])(npm_)[A-Za-z0-9]{30,}/gu,
  /(?<![\w-])(hf_)[A-Za-z0-9]{30,}/gu,
  /(?<![\w-])([sr]k_(?:live|test)_)[A-Za-z0-9]{16,}/gu,
  /(?<![\w-])(AIza)[A-Za-z0-9_-]{30,}/gu,
  // AWS access key ids.
  /(?<![\w-])((?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA))[A-Z0-9]{16}(?![A-Za-z0-9])/gu,
];

/** OpenAI, Anthropic, OpenRouter, DeepSeek keys: `sk-`, its family kept; the body must look random (a digit and a capital), so `sk-learn-…` branch names stay. */
const SK_KEY = /(?<![\w-])(sk-(?:ant-(?:api\d\d-|admin\d\d-|oat\d\d-)?|proj-|svcacct-|admin-|or-v1-)?)([A-Za-z0-9_-]{20,})/gu;

/** A JSON Web Token: three base64url parts, the first one a JSON object (`eyJ`). */
const JWT = /(?<![\w-])eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*/gu;

/** A PEM private key: its body up to its END line, or to the end of the text when cut before it. */
const PEM_PRIVATE_KEY = /(-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----)[\s\S]*?(?:(-----END \2PRIVATE KEY-----)|$)/gu;

/** `Authorization: Bearer x` (and Basic, token, Digest…): the scheme stays. */
const AUTH_HEADER = /\b((?:Proxy-)?Authorization\s*[:=]\s*(?:(?:Bearer|Basic|Token|token|Digest|Negotiate|Bot|ApiKey|bearer|basic)\s+)?)("[^"]*"|'[^']*'|[^\s'",;]+)/giu;
/** `Bearer x` without the header's name. */
const BEARER = /\b(Bearer\s+)([A-Za-z0-9._~+/=-]{8,})/gu;

/** A URL's password: `scheme://user:password@host` → `scheme://user:****@host`. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@'"]+:)([^\s/@'"]+)(@)/giu;

/** A flag whose value is a secret: `--password X`, `--token=X`, `--client-secret X`, `--api-key X` (not `--password-file`, `--no-password`). */
const SECRET_FLAG = /(?<![\w-])(--(?!no-)(?:[A-Za-z0-9]+-)*(?:password|passwd|pass|passphrase|token|secret|api-?key|access-?key|secret-?key|auth-?key|private-?key)(?:=|\s+))(?!-)("[^"]*"|'[^']*'|[^\s'"|;&<>]+)/gu;

/** Programs whose short flag takes a password (`-pSECRET`, `-p SECRET`), the flag and its value as groups 1 and 2. */
const PASSWORD_SHORT_FLAGS: ReadonlyArray<{ command: RegExp; flag: RegExp }> = [
  // mysql and its tools: `-pSECRET` (with a space, `-p` asks and the next word is the database).
  { command: /(?<![\w/-])(?:mysql\w*|mariadb[\w-]*)(?![\w-])/u, flag: /(\s-p)([^\s'"|;&<>-][^\s'"|;&<>]*|"[^"]*"|'[^']*')/gu },
  // `docker login -p X` (podman, buildah, skopeo, helm registry), `sshpass -p X`.
  { command: /(?<![\w/-])(?:(?:docker|podman|buildah|skopeo|nerdctl|oras|crane|helm\s+registry)\s+login|sshpass)(?![\w-])/u, flag: /(\s-p\s*)([^\s'"|;&<>-][^\s'"|;&<>]*|"[^"]*"|'[^']*')/gu },
  // `redis-cli -a X`.
  { command: /(?<![\w/-])redis-cli(?![\w-])/u, flag: /(\s-a\s*)([^\s'"|;&<>-][^\s'"|;&<>]*|"[^"]*"|'[^']*')/gu },
  // `curl -u user:password` (`--user`, `--proxy-user`): the user stays.
  { command: /(?<![\w/-])curl(?![\w-])/u, flag: /(\s(?:-u|-U|--user|--proxy-user)\s*['"]?[^\s:'"]+:)([^\s'"|;&<>]+)/gu },
];

/** `NAME=value`, `export NAME=value`, `-e NAME=value`, `-Dname=value`: a shell assignment, an env dump's line, a Java property. */
const ASSIGNMENT = /(?:(?<=\s-D)|(?<![\w$.-]))([A-Za-z_][A-Za-z0-9_.-]*)(=)("[^"]*"|'[^']*'|[^\s'"|;&<>]+)/gu;
/** `"name": "value"` (JSON), `'name': 'value'`: a quoted key and a quoted value. */
const QUOTED_PAIR = /(["'])([A-Za-z_][A-Za-z0-9_.-]*)\1(\s*[:=]\s*)("[^"]*"|'[^']*')/gu;
/** `name: value` (YAML, a header such as `X-Api-Key: abc`, a dialog's line): one word, quoted or not (a quoted one
 * without blanks: `printf "Password: "; read x` is a prompt, not a value); not a shell's `${NAME:-default}`. */
const COLON_PAIR = /(?<![\w$.-])([A-Za-z_][A-Za-z0-9_.-]*)(:[ \t]*)(?![-=?+])("[^"\s]*"|'[^'\s]*'|[^\s'",;}]+)/gu;

/** One command of a command line (between pipes and lists): a program's short flags apply within it. */
const SEGMENT = /[^|;&\n]+/gu;

/** Any token family's prefix: the families' patterns run only on a text that has one (most have none). */
const TOKEN_PREFIX = /gh[pousr]_|github_pat_|glpat-|xox|xapp-|npm_|hf_|k_(?:live|test)_|AIza|A(?:KIA|SIA|GPA|IDA|ROA|NPA|NVA|IPA)/u;
/** A program that takes a password in a short flag (PASSWORD_SHORT_FLAGS): the command pass runs only then. */
const SHORT_FLAG_PROGRAM = /mysql|mariadb|login|sshpass|redis-cli|curl/u;

/** `text` with every token-like string in it masked; everything else as it was. Each pass runs only on a text
 * that has what it looks for (a cheap test first: a report's text is masked on every report). */
export function maskSecrets(text: string): string {
  if (text === '') return text;
  let out = text;
  if (out.includes('PRIVATE KEY')) {
    out = out.replace(PEM_PRIVATE_KEY, (_m, begin: string, _kind: string, end: string | undefined) => `${begin} ${MASK}${end === undefined ? '' : ` ${end}`}`);
  }
  if (/authorization/iu.test(out)) out = out.replace(AUTH_HEADER, (_m, head: string, value: string) => head + maskValue(value));
  if (out.includes('Bearer')) out = out.replace(BEARER, (_m, head: string, value: string) => head + maskValue(value));
  if (out.includes('://')) out = out.replace(URL_PASSWORD, (_m, head: string, _password: string, at: string) => `${head}${MASK}${at}`);
  if (TOKEN_PREFIX.test(out)) for (const pattern of PREFIXED_TOKENS) out = out.replace(pattern, (_m, prefix: string) => `${prefix}${MASK}`);
  if (out.includes('sk-')) out = out.replace(SK_KEY, (match, prefix: string, body: string) => (/\d/u.test(body) && /[A-Z]/u.test(body) ? `${prefix}${MASK}` : match));
  if (out.includes('eyJ')) out = out.replace(JWT, `eyJ${MASK}`);
  if (out.includes('--')) out = out.replace(SECRET_FLAG, (_m, flag: string, value: string) => flag + maskValue(value));
  if (SHORT_FLAG_PROGRAM.test(out)) out = out.replace(SEGMENT, maskShortFlags);
  if (out.includes('"') || out.includes("'")) {
    out = out.replace(QUOTED_PAIR, (match, q: string, name: string, sep: string, value: string) => (isSecretName(name) ? `${q}${name}${q}${sep}${maskValue(value)}` : match));
  }
  if (out.includes('=')) out = out.replace(ASSIGNMENT, (match, name: string, eq: string, value: string) => (isSecretName(name) ? `${name}${eq}${maskValue(value)}` : match));
  if (out.includes(':')) out = out.replace(COLON_PAIR, (match, name: string, sep: string, value: string) => (isSecretName(name) ? `${name}${sep}${maskValue(value)}` : match));
  return out;
}

/** One command of a command line with the password of a program's short flag masked (`mysql -pX`, `sshpass -p X`). */
function maskShortFlags(segment: string): string {
  let masked = segment;
  for (const { command, flag } of PASSWORD_SHORT_FLAGS) {
    const found = command.exec(masked);
    if (found === null) continue;
    const at = found.index + found[0].length;
    masked = masked.slice(0, at) + masked.slice(at).replace(flag, (_m, head: string, value: string) => head + maskValue(value));
  }
  return masked;
}

/** A command line's words (an argv) masked as the line they make is masked, so a flag's value is known for one
 * (`--password X`, `mysql -pX`, `sshpass -p X`); words with blanks of their own are masked one by one. */
export function maskArgs(args: readonly string[]): string[] {
  if (args.every((arg) => arg !== '' && !/\s/u.test(arg))) {
    const words = maskSecrets(args.join(' ')).split(' ');
    if (words.length === args.length) return words;
  }
  return args.map(maskSecrets);
}
