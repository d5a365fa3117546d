// The secrets corpus: real-looking command lines, dialogs, env dumps and configs, each with the text the shim may send.
import { describe, expect, test } from 'vitest';
import { maskArgs, maskSecrets, isSecretName } from '../../src/protocol/mask-secrets.js';
import { sanitizeText } from '../../src/protocol/index.js';

// Made-up secrets of each family's real shape (length, alphabet, prefix).
const ANTHROPIC = 'sk-ant-api03-Xy7Qm2Lp9Rt4Vb8Nc3Kd6Fg1Hj5Wz0AqUe2Io8Pa4Sd6Fg';
const OPENAI = 'sk-proj-Tq3Xz9Lm2Kp7Rv4Wn8Bc1Dy6Fh5Jg0SsA1b2C3d4';
const OPENAI_OLD = 'sk-Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc1Ef3Hj5Lm7Np9Rs1T';
const GHP = 'ghp_R8kT2mQ9vL4xN7pW1cZ6bY3hJ5dF0gA2sE8u';
const GHS = 'ghs_Q2w3E4r5T6y7U8i9O0p1A2s3D4f5G6h7J8k9';
const GHO = 'gho_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2';
const GH_PAT = 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789abcdefgh';
const GLPAT = 'glpat-Ab12Cd34Ef56Gh78Ij90';
const AKIA = 'AKIAIOSFODNN7EXAMPLE';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const XOXB = 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx';
const XOXP = 'xoxp-1234567890-1234567890-abcdefghij';
const NPM = 'npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const HF = 'hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh';
const STRIPE = 'sk_live_51HqLyjWDarjtT1zdp7dcXyz';
const GOOGLE = 'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY';
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';

/** [what, the text, the text as the shim may send it]. */
const MASKED: ReadonlyArray<[string, string, string]> = [
  ['a curl with a bearer header, in a permission msg', `approve Bash: curl -H 'Authorization: Bearer ${ANTHROPIC}' https://api.anthropic.com/v1/messages`, "approve Bash: curl -H 'Authorization: Bearer ****' https://api.anthropic.com/v1/messages"],
  ['a curl with a token header', `curl -H "Authorization: token ${GHP}" https://api.github.com/user`, 'curl -H "Authorization: token ****" https://api.github.com/user'],
  ['a basic auth header', 'curl -H "Authorization: Basic YWxpY2U6aHVudGVyMg==" https://x.test', 'curl -H "Authorization: Basic ****" https://x.test'],
  ['a header with no scheme', 'Authorization: 8f14e45fceea167a5a36dedd4bea2543', 'Authorization: ****'],
  ['a proxy authorization header', 'Proxy-Authorization: Bearer abcdefgh12345678', 'Proxy-Authorization: Bearer ****'],
  ['a bearer token alone', `wscat -c wss://x.test -H "Bearer ${JWT}"`, 'wscat -c wss://x.test -H "Bearer ****"'],
  ['an x-api-key header', "curl -H 'x-api-key: 0123abcd4567ef89' https://api.test", "curl -H 'x-api-key: ****' https://api.test"],
  ['a GitLab private-token header', `curl --header "PRIVATE-TOKEN: ${GLPAT}" https://gitlab.com/api/v4/projects`, 'curl --header "PRIVATE-TOKEN: glpat-****" https://gitlab.com/api/v4/projects'],
  ['an Anthropic key on its own', `the key is ${ANTHROPIC}`, 'the key is sk-ant-api03-****'],
  ['an OpenAI project key', `OPENAI_API_KEY=${OPENAI} ./run.sh`, 'OPENAI_API_KEY=sk-proj-**** ./run.sh'],
  ['an old OpenAI key', `openai api models.list -k ${OPENAI_OLD}`, 'openai api models.list -k sk-****'],
  ['a classic GitHub token', `echo ${GHP} | gh auth login --with-token`, 'echo ghp_**** | gh auth login --with-token'],
  ['a GitHub OAuth token', `GH_ENTERPRISE_TOKEN=${GHO} gh repo list`, 'GH_ENTERPRISE_TOKEN=gho_**** gh repo list'],
  ['a fine-grained GitHub token', `gh auth login --with-token <<< ${GH_PAT}`, 'gh auth login --with-token <<< github_pat_****'],
  ['a git clone with a token as the user', `git clone https://${GHP}@github.com/acme/app.git`, 'git clone https://ghp_****@github.com/acme/app.git'],
  ['a git clone with an app token as the password', `git clone https://x-access-token:${GHS}@github.com/acme/app.git`, 'git clone https://x-access-token:****@github.com/acme/app.git'],
  ['a git clone with a GitLab token', `git clone https://oauth2:${GLPAT}@gitlab.com/acme/app.git`, 'git clone https://oauth2:****@gitlab.com/acme/app.git'],
  ['a git remote with a password', 'git remote set-url origin https://alice:Hunter2hunter2@git.example.com/a.git', 'git remote set-url origin https://alice:****@git.example.com/a.git'],
  ['a psql URL', 'psql postgres://app:Sup3rS3cret@db.internal:5432/app', 'psql postgres://app:****@db.internal:5432/app'],
  ['a redis URL', 'redis-cli -u redis://default:r3d1sPass@cache:6379', 'redis-cli -u redis://default:****@cache:6379'],
  ['a mongodb+srv URL', "mongosh 'mongodb+srv://root:M0ng0Pass@cluster0.x.mongodb.net/db'", "mongosh 'mongodb+srv://root:****@cluster0.x.mongodb.net/db'"],
  ['a pip index URL', 'pip install --index-url https://__token__:pypi-AgEIcHlwaS5vcmc@upload.pypi.org/simple pkg', 'pip install --index-url https://__token__:****@upload.pypi.org/simple pkg'],
  ['an AWS key pair exported', `export AWS_ACCESS_KEY_ID=${AKIA} AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`, 'export AWS_ACCESS_KEY_ID=AKIA**** AWS_SECRET_ACCESS_KEY=****'],
  ['an AWS session key id', 'aws configure set aws_access_key_id ASIAY34FZKBOKMUTVV7A', 'aws configure set aws_access_key_id ASIA****'],
  ['a Slack bot token', `SLACK_BOT_TOKEN=${XOXB}`, 'SLACK_BOT_TOKEN=xoxb-****'],
  ['a Slack user token in a form', `curl -s https://slack.com/api/auth.test -d token=${XOXP}`, 'curl -s https://slack.com/api/auth.test -d token=xoxp-****'],
  ['an npm token in npm config', `npm config set //registry.npmjs.org/:_authToken ${NPM}`, 'npm config set //registry.npmjs.org/:_authToken npm_****'],
  ['an npmrc line', `//registry.npmjs.org/:_authToken=${NPM}`, '//registry.npmjs.org/:_authToken=npm_****'],
  ['a Hugging Face token', `huggingface-cli login --token ${HF}`, 'huggingface-cli login --token hf_****'],
  ['a Stripe live key', `stripe login --api-key ${STRIPE}`, 'stripe login --api-key sk_live_****'],
  ['a Google API key in a URL query', `curl "https://maps.googleapis.com/maps/api/geocode/json?address=x&key=${GOOGLE}"`, 'curl "https://maps.googleapis.com/maps/api/geocode/json?address=x&key=AIza****"'],
  ['a JWT in a variable', `jwt=${JWT}`, 'jwt=eyJ****'],
  ['a JWT in a cookie', `curl -b "session=${JWT}" https://app.test`, 'curl -b "session=eyJ****" https://app.test'],
  ['mysql -pSECRET', 'mysql -uroot -phunter2 -h db.local shop', 'mysql -uroot -p**** -h db.local shop'],
  ['mysqldump -pSECRET in a pipe', "mysqldump -u backup -p'S3cr3t!' shop | gzip > shop.sql.gz", "mysqldump -u backup -p'****' shop | gzip > shop.sql.gz"],
  ['mariadb -pSECRET', 'mariadb -h 127.0.0.1 -P 3306 -uapp -papp_pw_2024 app', 'mariadb -h 127.0.0.1 -P 3306 -uapp -p**** app'],
  ['docker login -p', 'docker login -u ci -p s3cr3tPassw0rd registry.example.com', 'docker login -u ci -p **** registry.example.com'],
  ['podman login --password', 'podman login --username ci --password s3cr3t quay.io', 'podman login --username ci --password **** quay.io'],
  ['sshpass -p', "sshpass -p 'letmein' ssh root@host", "sshpass -p '****' ssh root@host"],
  ['redis-cli -a', 'redis-cli -a Sup3rS3cret -h cache ping', 'redis-cli -a **** -h cache ping'],
  ['curl -u user:password', 'curl -u admin:admin123 http://localhost:8080/api', 'curl -u admin:**** http://localhost:8080/api'],
  ['curl --user in quotes', "curl --user 'deploy:T0ps3cret' https://ci.example.com", "curl --user 'deploy:****' https://ci.example.com"],
  ['wget --password=', 'wget --password=hunter2 --user=bob ftp://files.example.com/a.tgz', 'wget --password=**** --user=bob ftp://files.example.com/a.tgz'],
  ['a --token flag', 'vault login --token hvs.CAESIJlWm1m2', 'vault login --token ****'],
  ['a --client-secret= flag', 'az login --service-principal -u app --client-secret=Zx9~abc.DEF --tenant t', 'az login --service-principal -u app --client-secret=**** --tenant t'],
  ['a --db-password flag in quotes', 'app migrate --db-password "correct horse" --yes', 'app migrate --db-password "****" --yes'],
  ['vault userpass', 'vault login -method=userpass username=alice password=correcthorse', 'vault login -method=userpass username=alice password=****'],
  ['kubectl secret literal', 'kubectl create secret generic db --from-literal=password=P@ssw0rd!', 'kubectl create secret generic db --from-literal=password=****'],
  ['terraform -var', "terraform apply -var 'db_password=Xk2!m9' -var region=eu-west-1", "terraform apply -var 'db_password=****' -var region=eu-west-1"],
  ['docker run -e', 'docker run -p 8080:80 -e POSTGRES_PASSWORD=example postgres', 'docker run -p 8080:80 -e POSTGRES_PASSWORD=**** postgres'],
  ['MYSQL_PWD', 'MYSQL_PWD=tiger mysql shop', 'MYSQL_PWD=**** mysql shop'],
  ['PGPASSWORD', 'PGPASSWORD=pg_pass psql -h db -U app', 'PGPASSWORD=**** psql -h db -U app'],
  ['an env dump', 'HOME=/home/alice API_KEY=abc123def456 LANG=C.UTF-8 DATABASE_PASSWORD="x y z" SHELL=/bin/zsh', 'HOME=/home/alice API_KEY=**** LANG=C.UTF-8 DATABASE_PASSWORD="****" SHELL=/bin/zsh'],
  ['a Rails secret key base', 'SECRET_KEY_BASE=9f3c1a2b7e export RAILS_ENV=production', 'SECRET_KEY_BASE=**** export RAILS_ENV=production'],
  ['an SSH key variable', "export DEPLOY_KEY='AAAAC3NzaC1lZDI1NTE5AAAAI'", "export DEPLOY_KEY='****'"],
  ['a dotted Java property', 'java -Dspring.datasource.password=s3cr3t -jar app.jar', 'java -Dspring.datasource.password=**** -jar app.jar'],
  ['a JSON config', '{"apiKey": "AbCdEf123456", "region": "us-east-1", "max_tokens": 4096}', '{"apiKey": "****", "region": "us-east-1", "max_tokens": 4096}'],
  ['a JSON client secret', '{"client_id": "app-42", "client_secret": "Zx9abcDEF", "redirect_uri": "http://localhost"}', '{"client_id": "app-42", "client_secret": "****", "redirect_uri": "http://localhost"}'],
  ['a Python dict', "creds = {'username': 'bob', 'password': 'hunter2'}", "creds = {'username': 'bob', 'password': '****'}"],
  ['a YAML line', 'password: hunter2', 'password: ****'],
  ['a YAML quoted line', 'api_token: "a1b2c3d4"', 'api_token: "****"'],
  ['openssl pass:', 'openssl enc -aes256 -pass pass:hunter2 -in a.txt', 'openssl enc -aes256 -pass pass:**** -in a.txt'],
  ['a whole PEM private key, joined on one line', '-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ -----END OPENSSH PRIVATE KEY-----', '-----BEGIN OPENSSH PRIVATE KEY----- **** -----END OPENSSH PRIVATE KEY-----'],
  ['a PEM private key cut before its end', 'cat id_rsa: -----BEGIN RSA PRIVATE KEY----- MIIEowIBAAKCAQEA7', 'cat id_rsa: -----BEGIN RSA PRIVATE KEY----- ****'],
  ['a PEM private key over lines', '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0B\nAQEFAASC\n-----END PRIVATE KEY-----\nnext', '-----BEGIN PRIVATE KEY----- **** -----END PRIVATE KEY-----\nnext'],
  ['two secrets on one line', `GITHUB_TOKEN=${GHP} OPENAI_API_KEY=${OPENAI} make release`, 'GITHUB_TOKEN=ghp_**** OPENAI_API_KEY=sk-proj-**** make release'],
];

/** [what, a text with nothing to mask]. */
const KEPT: ReadonlyArray<[string, string]> = [
  ['a branch named for keys', 'git checkout key-rotation'],
  ['KEYBOARD is not a key', 'export KEYBOARD=us'],
  ['sort -k2', 'sort -k2 -t, data.csv'],
  ['ssh -p 2222', 'ssh -p 2222 deploy@10.0.0.5'],
  ['rsync with ssh -p', 'rsync -e "ssh -p 2222" ./dist host:/srv'],
  ['mkdir -p', 'mkdir -p build/out && cp -pr src build/out'],
  ['docker run -p', 'docker run -p 8080:80 nginx:latest'],
  ['mysql -p with a space asks for the password: the next word is the database', 'mysql -u root -p shop'],
  ['docker login --password-stdin', 'echo $CR_PAT | docker login ghcr.io -u acme --password-stdin'],
  ['gh auth login --with-token from a file', 'gh auth login --with-token < ~/.config/gh-token.txt'],
  ['a password file keeps its path', 'mysqldump --password-file=/run/secrets/db shop > shop.sql'],
  ['a token file variable keeps its path', 'GITHUB_TOKEN_FILE=/run/secrets/gh ./deploy.sh'],
  ['a token URL', 'TOKEN_URL=https://auth.example.com/oauth/token'],
  ['a variable reference', 'curl --token $TOKEN https://x.test'],
  ['a braced reference', 'export GITHUB_TOKEN=${GH_TOKEN:-}'],
  ['a command substitution', 'export NPM_TOKEN=$(cat ~/.npm-token)'],
  ['a CI template', 'echo "token: ${{ secrets.NPM_TOKEN }}"'],
  ['a placeholder', 'export OPENAI_API_KEY=<your-key>'],
  ['an empty value', 'export API_KEY='],
  ['a StrictHostKeyChecking option', 'ssh -o StrictHostKeyChecking=no host'],
  ['PWD is a directory', 'export PWD=/home/alice OLDPWD=/tmp'],
  ['max tokens are a count', 'MAX_TOKENS=4096 TOKENIZERS_PARALLELISM=false python train.py'],
  ['an sk- branch name', 'git push origin sk-learn-upgrade-for-pipeline-2024'],
  ['a plain question', 'Do you want to run npm test?'],
  ['gpg key ids', 'gpg --recv-keys 0xABCDEF0123456789'],
  ['grep for a word', 'grep -rn password src/'],
  ['kubectl get secrets', 'kubectl get secrets -n prod'],
  ['a commit message', 'git commit -m "rotate API key"'],
  ["sudo's prompt", '[sudo] password for alice:'],
  ["ssh's passphrase prompt", "Enter passphrase for key '/home/alice/.ssh/id_ed25519':"],
  ["git's password prompt", "Password for 'https://alice@github.com':"],
  ['curl -u without a password', 'curl -u alice https://x.test'],
  ['a public key', '-----BEGIN PUBLIC KEY----- MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA -----END PUBLIC KEY-----'],
  ['a credential helper', 'git config --global credential.helper store'],
  ['a URL with a user and a port', 'ssh://git@github.com:22/acme/app.git'],
  ['a URL with a port', 'curl http://localhost:8080/health'],
  ['a token count in a status line', '✻ Thinking… (12s · ↓ 1.2k tokens · esc to interrupt)'],
  ['a header with an empty password', 'Password: '],
  ['psql without a password', 'psql -h localhost -p 5432 -U app'],
  ['a JSON null', '{"password": null, "user": "bob"}'],
  ["a prompt's closing quote is no value", 'sh -c \'printf "Password: "; read -r x; printf "ok %s\\n" "$x"\''],
];

describe('maskSecrets masks the corpus', () => {
  test.each(MASKED)('%s', (_what, text, expected) => {
    expect(maskSecrets(text)).toBe(expected);
  });
});

describe('maskSecrets leaves what only looks like a secret', () => {
  test.each(KEPT)('%s', (_what, text) => {
    expect(maskSecrets(text)).toBe(text);
  });
});

describe('maskSecrets is idempotent', () => {
  test.each(MASKED)('%s', (_what, text) => {
    const once = maskSecrets(text);
    expect(maskSecrets(once)).toBe(once);
  });
});

describe('isSecretName', () => {
  test.each([
    ['GITHUB_TOKEN', true],
    ['AWS_SECRET_ACCESS_KEY', true],
    ['apiKey', true],
    ['APIKEY', true],
    ['PGPASSWORD', true],
    ['GOOGLE_APPLICATION_CREDENTIALS', true],
    ['DB_PASS', true],
    ['KEYBOARD', false],
    ['PASSWORD_FILE', false],
    ['MAX_TOKENS', false],
    ['PWD', false],
    ['StrictHostKeyChecking', false],
  ] as const)('%s → %s', (name, secret) => {
    expect(isSecretName(name)).toBe(secret);
  });
});

describe('sanitizeText masks what it makes safe', () => {
  test('a secret in a multi-line msg is masked after the lines are joined', () => {
    expect(sanitizeText(`run\n  curl -H 'Authorization: Bearer ${JWT}'\n  https://api.test`, 512)).toBe("run curl -H 'Authorization: Bearer ****' https://api.test");
  });
  test('a secret longer than the budget is masked before the cut, so no part of it is sent', () => {
    const out = sanitizeText(`export GITHUB_TOKEN=${GHP}`, 30);
    expect(out).not.toMatch(/R8kT/u);
    expect(out.startsWith('export GITHUB_TOKEN=ghp_')).toBe(true);
  });
});

describe('maskArgs masks an argv as the line it makes', () => {
  test.each([
    [['mysql', '-uroot', '-phunter2', 'shop'], ['mysql', '-uroot', '-p****', 'shop']],
    [['docker', 'login', '-u', 'ci', '-p', 's3cr3t', 'registry.test'], ['docker', 'login', '-u', 'ci', '-p', '****', 'registry.test']],
    [['deploy', '--token', GHP], ['deploy', '--token', 'ghp_****']],
    [['claude', '--model', 'opus'], ['claude', '--model', 'opus']],
    [['sh', '-c', `curl -H "Authorization: Bearer ${JWT}" x`], ['sh', '-c', 'curl -H "Authorization: Bearer ****" x']],
  ])('%j', (args, expected) => {
    expect(maskArgs(args)).toEqual(expected);
  });
});
