// CPU time per drawn frame of `rubble view` in headless Chromium, per Chromium process and thread,
// for variants of browser flags, page query and viewer.js, interleaved (docs/benchmarks.md, viewer,
// fourth session). The machine's load changes from second to second: compare variants as ratios of
// rounds run next to each other, not absolute numbers.
//
//   ./rubble view JOURNAL          # prints the address, e.g. http://127.0.0.1:40123/
//   node --experimental-websocket benchmarks/viewer/cpu-per-frame.mjs http://127.0.0.1:40123/ ROUNDS SPEC...
//
// SPEC = FLAGS[:QUERY[:VIEWER_JS]]: FLAGS one of test (the browser test's flags before the fourth
// session: compositing through SwiftShader), swcomp (with --disable-gpu-compositing, what the test
// uses now), nolimit, swcompnl (--disable-frame-rate-limit); QUERY e.g. ?scale=1; VIEWER_JS a file
// served instead of the page's viewer.js (e.g. an older version from git show). Each round of each
// spec starts its own browser, plays the journal from frame 0 twice for MS ms (default 3000; the
// first is a warm-up) and prints frames/s, CPU ms per drawn frame of the renderer (r), GPU process
// (g) and browser (b) processes, the page's TaskDuration and ScriptDuration per frame (Chrome
// DevTools Protocol Performance.getMetrics), the moving render scale and per-thread CPU.
import { launch, cpuByType, threadsCpu } from './cdp.mjs';
import fs from 'node:fs';
const base = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-gpu-vsync'];
const variants = {
  test: base,
  swcomp: [...base, '--disable-gpu-compositing'],
  nolimit: [...base, '--disable-frame-rate-limit'],
  swcompnl: [...base, '--disable-gpu-compositing', '--disable-frame-rate-limit'],
};
const [url, roundsArg, ...specs] = process.argv.slice(2);
const rounds = +roundsArg;
const ms = +(process.env.MS || 3000);
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
for (let r = 0; r < rounds; r++) for (const spec of specs) {
  const [v, q = '', js = '-'] = spec.split(':');
  const b = await launch(variants[v]);
  if (js !== '-') {
    await b.send('Fetch.enable', { patterns: [{ urlPattern: '*/viewer.js' }] });
    b.on((m) => {
      if (m.method === 'Fetch.requestPaused') b.send('Fetch.fulfillRequest', { requestId: m.params.requestId, responseCode: 200,
        responseHeaders: [{ name: 'Content-Type', value: 'text/javascript' }], body: fs.readFileSync(js).toString('base64') });
    });
  }
  await b.send('Page.enable');
  await b.send('Performance.enable');
  await b.send('Page.navigate', { url: url + q });
  for (let i = 0; i < 600; i++) {
    await new Promise((res) => setTimeout(res, 500));
    try { if (await b.evaluate('!!(window.rubbleViewer && (rubbleViewer.ready || rubbleViewer.error))')) break; } catch {}
  }
  const err = await b.evaluate('rubbleViewer.error');
  if (err) { console.log(spec, 'ERROR', err); b.close(); continue; }
  await new Promise((res) => setTimeout(res, 1000));
  const out = [];
  for (let k = 0; k < 2; k++) {
    await b.evaluate('rubbleViewer.pause(), rubbleViewer.seek(0)');
    await new Promise((res) => setTimeout(res, 600));
    const m0 = Object.fromEntries((await b.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
    const c0 = cpuByType(b.proc.pid), t0g = threadsCpu(b.proc.pid, 'gpu-process'), t0r = threadsCpu(b.proc.pid, 'renderer');
    const res = await b.evaluate(`rubbleViewer.measureFps(0, ${ms})`);
    const c1 = cpuByType(b.proc.pid), t1g = threadsCpu(b.proc.pid, 'gpu-process'), t1r = threadsCpu(b.proc.pid, 'renderer');
    const m1 = Object.fromEntries((await b.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
    const drawn = Math.max(1, Math.round(res.fps * res.seconds));
    const cpu = {};
    for (const key of ['renderer', 'gpu-process', 'browser']) cpu[key] = +((1000 * (c1[key] - (c0[key] || 0)) / drawn).toFixed(1));
    const th = Object.entries(t1g).map(([n, c]) => [n, 1000 * (c - (t0g[n] || 0)) / drawn]).filter(([, c]) => c > 0.5)
      .map(([n, c]) => `${n}=${c.toFixed(1)}`).join(',');
    const thr = Object.entries(t1r).map(([n, c]) => [n, 1000 * (c - (t0r[n] || 0)) / drawn]).filter(([, c]) => c > 0.5)
      .map(([n, c]) => `${n}=${c.toFixed(1)}`).join(',');
    const task = (1000 * (m1.TaskDuration - m0.TaskDuration) / drawn).toFixed(1), script = (1000 * (m1.ScriptDuration - m0.ScriptDuration) / drawn).toFixed(1);
    const scale = await b.evaluate('rubbleViewer.movingScale');
    out.push(`fps=${res.fps.toFixed(1)} tl=${res.frames} cpu/frame ms r=${cpu.renderer} g=${cpu['gpu-process']} b=${cpu.browser} task=${task} script=${script} scale=${(+scale).toFixed(2)} gthreads[${th}] rthreads[${thr}]`);
  }
  console.log(`${new Date().toISOString().slice(11, 19)} ${spec} load=${load()} | ${out.join(' | ')}`);
  if (process.env.SHOT) { const s = await b.send('Page.captureScreenshot'); fs.writeFileSync(`${process.env.SHOT}-${v}-${r}.png`, Buffer.from(s.data, 'base64')); }
  b.close();
  await new Promise((res) => setTimeout(res, 500));
}
process.exit(0);
