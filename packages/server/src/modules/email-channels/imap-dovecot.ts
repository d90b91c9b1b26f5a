import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Debian's Dovecot (dovecot-imapd, installed by .ci/run) started for a test on a loopback port with
 * a temporary configuration, user file and maildir. As root its processes run as the package's
 * `dovecot`/`dovenull` users (Dovecot refuses root for them); otherwise as the current user.
 */
export interface Dovecot {
  port: number;
  user: string;
  password: string;
  stop(): void;
}

const BINARY = '/usr/sbin/dovecot';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

const idOf = (flag: string, name?: string) =>
  spawnSync('id', name ? [flag, name] : [flag], { encoding: 'utf8' }).stdout.trim();

/** A running Dovecot, or the reason it could not start. */
export async function startDovecot(): Promise<Dovecot | string> {
  if (!fs.existsSync(BINARY)) return 'o Dovecot (dovecot-imapd) não está instalado';
  const root = process.getuid?.() === 0;
  const internal = root ? 'dovecot' : idOf('-un');
  const login = root ? 'dovenull' : internal;
  if (root && !idOf('-u', 'dovecot')) return 'o usuário dovecot não existe';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-dovecot-'));
  const port = await freePort();
  const user = 'suporte@empresa.test';
  const password = 'Senha-Imap-123';
  const uid = idOf('-u', internal);
  const gid = idOf('-g', internal);
  fs.mkdirSync(path.join(dir, 'mail'));
  fs.mkdirSync(path.join(dir, 'run'));
  fs.mkdirSync(path.join(dir, 'state'));
  fs.writeFileSync(path.join(dir, 'users'), `${user}:{PLAIN}${password}\n`);
  fs.writeFileSync(
    path.join(dir, 'dovecot.conf'),
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${internal}
default_internal_group = ${idOf('-gn', internal)}
default_login_user = ${login}
first_valid_uid = 1
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/mail/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${String(port)}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`,
  );
  if (root) spawnSync('chown', ['-R', `${uid}:${gid}`, path.join(dir, 'mail')]);
  fs.chmodSync(dir, 0o755);
  const conf = path.join(dir, 'dovecot.conf');
  // The daemon keeps running in the background: nothing of it may hold this process's pipes.
  const started = spawnSync(BINARY, ['-c', conf], { stdio: 'ignore' });
  const stop = () => {
    spawnSync(BINARY, ['-c', conf, 'stop'], { stdio: 'ignore' });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  if (started.status !== 0) {
    stop();
    return `o Dovecot não iniciou (saída ${String(started.status)})`;
  }
  // Listening once a connection gets the greeting.
  for (let i = 0; i < 50; i++) {
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('* OK'));
      });
      socket.once('error', () => {
        resolve(false);
      });
    });
    if (greeted) return { port, user, password, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  const log = fs.existsSync(path.join(dir, 'dovecot.log'))
    ? fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8')
    : '';
  stop();
  return `o Dovecot não respondeu: ${log.slice(-500)}`;
}
