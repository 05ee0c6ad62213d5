// A minimal Chrome DevTools Protocol client for benchmarks/viewer/cpu-per-frame.mjs: starts headless
// Chromium (/usr/lib/chromium/chromium, Debian), connects to its page, and reads the CPU time of its
// processes and threads from /proc (Linux).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export async function launch(extraFlags = [], { width = 1280, height = 800 } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vwx-chr-'));
  const flags = ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', `--window-size=${width},${height}`,
    '--hide-scrollbars', '--remote-debugging-port=0', `--user-data-dir=${dir}`, ...extraFlags, 'about:blank'];
  const proc = spawn('/usr/lib/chromium/chromium', flags, { stdio: ['ignore', 'ignore', 'pipe'] });
  proc.stderr.on('data', () => {});
  let port;
  for (let i = 0; i < 600 && !port; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try { port = fs.readFileSync(path.join(dir, 'DevToolsActivePort'), 'utf8').split('\n')[0]; } catch {}
  }
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const page = targets.find((t) => t.type === 'page');
  const ws = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((r, j) => { ws.onopen = r; ws.onerror = j; });
  let id = 0;
  const waiting = new Map(), listeners = [];
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.id && waiting.has(msg.id)) { const [r, j] = waiting.get(msg.id); waiting.delete(msg.id); msg.error ? j(new Error(JSON.stringify(msg.error))) : r(msg.result); }
    else if (msg.method) for (const l of listeners) l(msg);
  };
  const send = (method, params = {}) => new Promise((r, j) => { const i = ++id; waiting.set(i, [r, j]); ws.send(JSON.stringify({ id: i, method, params })); });
  const evaluate = async (expr) => {
    const r = await send('Runtime.evaluate', { expression: expr, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) throw new Error(JSON.stringify(r.exceptionDetails).slice(0, 2000));
    return r.result.value;
  };
  return { proc, dir, send, evaluate, on: (f) => listeners.push(f), close: () => { try { ws.close(); } catch {} proc.kill(); } };
}

/** CPU seconds (user+sys) per chromium process type below pid. */
export function cpuByType(rootPid) {
  const tick = 100; // CLK_TCK
  const out = {};
  const all = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const kids = new Map();
  const info = new Map();
  for (const d of all) {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = +rest[1], ut = +rest[11], st = +rest[12];
      const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8');
      info.set(+d, { ppid, cpu: (ut + st) / tick, cmd });
      if (!kids.has(ppid)) kids.set(ppid, []);
      kids.get(ppid).push(+d);
    } catch {}
  }
  const walk = (p) => {
    const i = info.get(p);
    if (i) {
      const m = /--type=([a-z-]+)/.exec(i.cmd);
      let t = m ? m[1] : 'browser';
      if (t === 'utility' && i.cmd.includes('network')) t = 'network';
      out[t] = (out[t] || 0) + i.cpu;
    }
    for (const k of kids.get(p) || []) walk(k);
  };
  walk(rootPid);
  return out;
}

export function threadsCpu(rootPid, type) {
  // per-thread CPU of the process of the given type
  const res = {};
  for (const d of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (!cmd.includes('chromium') || !cmd.includes(`--type=${type}`)) continue;
      for (const t of fs.readdirSync(`/proc/${d}/task`)) {
        const stat = fs.readFileSync(`/proc/${d}/task/${t}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        res[name] = (res[name] || 0) + (+rest[11] + +rest[12]) / 100;
      }
    } catch {}
  }
  return res;
}
