import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A target fast enough that the load generator, not the target, is the limit: nginx from Debian (one worker,
 * `return 200` of a small JSON body to any method, the request's Svc-Track-Id echoed, no logs) when installed, else
 * a plain Node responder in a process of its own doing the same. On 127.0.0.1.
 */
export interface StaticResponder {
  url: string;
  kind: string;
  stop(): void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function ready(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (child.exitCode !== null) throw new Error(`the responder exited ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the responder did not answer within 5 s');
}

/** What the responder answers: a body the size of a small envelope. */
const body = '{"ok":true,"id":"ch_0123456789"}';

export async function startStaticResponder(): Promise<StaticResponder> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/ok`;
  const dir = mkdtempSync(join(tmpdir(), 'static-responder-'));
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
  let child: ChildProcess;
  let kind: string;
  if (nginx) {
    writeFileSync(
      join(dir, 'nginx.conf'),
      `worker_processes 1;\ndaemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents { worker_connections 4096; }\nhttp {\n  access_log off;\n  keepalive_requests 1000000;\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};\n  fastcgi_temp_path ${dir};\n  uwsgi_temp_path ${dir};\n  scgi_temp_path ${dir};\n  server {\n    listen 127.0.0.1:${port};\n    default_type application/json;\n    location / { add_header Svc-Track-Id $http_svc_track_id; return 200 '${body}'; }\n  }\n}\n`,
    );
    child = spawn(nginx, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
    kind = 'nginx (1 worker, return 200 JSON)';
  } else {
    child = spawn(
      process.execPath,
      [
        '-e',
        `require('node:http').createServer((q, s) => { q.resume(); s.setHeader('content-type', 'application/json'); if (q.headers['svc-track-id']) s.setHeader('svc-track-id', q.headers['svc-track-id']); s.end('${body}'); }).listen(${port}, '127.0.0.1')`,
      ],
      { stdio: 'ignore' },
    );
    kind = 'node:http (1 process)';
  }
  await ready(url, child);
  return { url, kind, stop: () => void child.kill() };
}
