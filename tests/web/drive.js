// drive.js - drive the page in headless Chromium (DevTools protocol, the
// chrome-remote-interface package) and compare what it shows with the
// native build/bpfmm on the same tests.
//
//   node drive.js --port CDP --url URL --native BPFMM --lkmm CFG --out DIR
//        [--alter] [--screenshot FILE] [--timing FILE] LIST
//
// LIST has one line per case: KIND MODEL FILE [STATE|MAPPING], KIND being
// run, explain or map; MODEL '-' (the test's architecture), 'lkmm' or a
// model file name, with ':V1,V2' for variants (bpf.cat:mixed, -:mixed).
// For each case the page's editor gets the file's text,
// its model select the model, its button is clicked; the result pane
// (stdout), the error pane (stderr), the exit status and the Graphviz
// text the page drew are compared with the native command run on a copy
// of the file of the same name, with the same arguments. Time lines are
// left out of both (they differ from run to run). --alter changes one
// character of each page output first: every case must then differ (the
// comparison can fail). Prints 'web: N passed, M failed'.
'use strict';
const CDP = require('chrome-remote-interface');
const fs = require('fs'), path = require('path'), os = require('os');
const { spawnSync } = require('child_process');

const opt = { alter: false };
const rest = [];
for (let i = 2; i < process.argv.length; i++) {
	const a = process.argv[i];
	if (a === '--alter') opt.alter = true;
	else if (a.startsWith('--')) opt[a.slice(2)] = process.argv[++i];
	else rest.push(a);
}
const cases = fs.readFileSync(rest[0], 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'))
	.map((l) => { const [kind, mv, file, ...x] = l.split(/\s+/); const [model, v] = mv.split(':');
		return { kind, model, variants: v ? v.split(',') : [], file, extra: x.join(' ') }; });

const MODELDIR = path.resolve('models'), MAPDIR = path.resolve('mappings');
function nativeArgs(c, name) {
	const m = [];
	if (c.model === 'lkmm') m.push('-conf', opt.lkmm);
	else if (c.model !== '-') m.push('-model', MODELDIR + '/' + c.model);
	for (const v of c.variants) m.push('-variant', v);
	if (c.kind === 'run') return [...m, '-dot', 'dot', name];
	if (c.kind === 'explain') return ['explain', ...m, '-dot', 'dot', name, ...(c.extra ? [c.extra] : [])];
	return ['map', '--mapping', MAPDIR + '/' + c.extra, name];
}
function native(c) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpfmm-web-'));
	const name = path.basename(c.file);
	fs.copyFileSync(c.file, path.join(dir, name));
	if (c.kind !== 'map') fs.mkdirSync(path.join(dir, 'dot'));
	const t0 = process.hrtime.bigint();
	const r = spawnSync(path.resolve(opt.native), nativeArgs(c, name), { cwd: dir, encoding: 'utf8', timeout: 600000 });
	const ms = Number(process.hrtime.bigint() - t0) / 1e6;
	let dot = '';
	if (c.kind !== 'map')
		for (const f of fs.readdirSync(path.join(dir, 'dot'))) dot += fs.readFileSync(path.join(dir, 'dot', f), 'utf8');
	fs.rmSync(dir, { recursive: true, force: true });
	return { code: r.status, out: where(r.stdout), err: where(r.stderr), dot: where(dot), ms };
}
// The page's files live at /bpfmm/{models,mappings,lkmm}: the native
// output's paths of the same files are read as those.
function where(s) {
	s = s.split(MODELDIR + '/').join('/bpfmm/models/').split(MAPDIR + '/').join('/bpfmm/mappings/');
	return opt.lkmm ? s.split(path.dirname(opt.lkmm) + '/').join('/bpfmm/lkmm/') : s;
}
const noTime = (s) => s.split('\n').filter((l) => !/^Time /.test(l)).join('\n');

// In the page: the editor, the selects, a click, then wait for the status.
const inPage = (c, text) => `(async () => {
	const $ = (id) => document.getElementById(id);
	$('example').value = '';
	window.bpfmmPage.setFile(${JSON.stringify(path.basename(c.file))});
	$('src').value = ${JSON.stringify(text)};
	$('src').dispatchEvent(new Event('input'));
	$('model').value = ${JSON.stringify(c.model === '-' ? '' : c.model)};
	$('variants').value = ${JSON.stringify(c.variants.join(','))};
	if (${JSON.stringify(c.kind)} === 'explain') {
		const s = $('state'), v = ${JSON.stringify(c.extra)};
		if (v && ![...s.options].some((o) => o.value === v)) { const o = document.createElement('option'); o.value = v; s.appendChild(o); }
		s.value = v;
	}
	if (${JSON.stringify(c.kind)} === 'map') $('mapping').value = ${JSON.stringify(c.extra)};
	const t0 = performance.now();
	$(${JSON.stringify(c.kind)}).click();
	// the page's own promise of the result shown: no polling interval in the time
	await Promise.race([window.bpfmmPage.idle(), new Promise((r) => setTimeout(r, 600000))]);
	const ms = performance.now() - t0;
	const out = ${JSON.stringify(c.kind)} === 'run' ? $('out').textContent : $('aux').textContent;
	const svg = $('graph').querySelector('svg');
	return JSON.stringify({ state: $('status').dataset.state, code: +$('status').dataset.code, out,
		err: $('err').textContent, dot: window.bpfmmPage.lastDot(), svg: !!svg, ms, engine: window.bpfmmPage.engineMs(), draw: window.bpfmmPage.drawMs(),
		errline: $('errline').textContent, bad: $('gutter').querySelector('.bad') ? +$('gutter').querySelector('.bad').textContent : 0 });
})()`;

function alter(s) { return s.length ? s.slice(0, -1) + (s.slice(-1) === 'X' ? 'Y' : 'X') : 'X'; }

(async () => {
	const client = await CDP({ port: +opt.port });
	const { Page, Runtime, Emulation } = client;
	await Page.enable();
	await Emulation.setDeviceMetricsOverride({ width: 1280, height: 900, deviceScaleFactor: 1, mobile: false });
	await Page.navigate({ url: opt.url });
	for (let i = 0; i < 600; i++) {
		const r = await Runtime.evaluate({ expression: "document.getElementById('status') && document.getElementById('status').textContent" });
		if (r.result.value === 'ready') break;
		await new Promise((res) => setTimeout(res, 100));
	}
	let pass = 0, fail = 0, pageMs = 0, nativeMs = 0;
	const log = [];
	for (const c of cases) {
		const text = fs.readFileSync(c.file, 'utf8');
		const r = await Runtime.evaluate({ expression: inPage(c, text), awaitPromise: true, returnByValue: true });
		if (r.exceptionDetails) { fail++; console.log('FAIL ' + c.file + ': ' + JSON.stringify(r.exceptionDetails).slice(0, 300)); continue; }
		const p = JSON.parse(r.result.value);
		const n = native(c);
		if (opt.alter) p.out = alter(p.out);
		const why = [];
		if (p.state === 'running') why.push('page still running');
		if (p.code !== n.code) why.push('exit ' + p.code + ' != ' + n.code);
		if (noTime(p.out) !== noTime(n.out)) why.push('stdout differs');
		if (p.err !== n.err) why.push('stderr differs');
		if (c.kind !== 'map' && (p.dot || '') !== n.dot) why.push('dot differs');
		if (c.kind !== 'map' && n.dot && !p.svg) why.push('no graph drawn');
		// an error at a line of the test is marked in the editor
		const m = /^[^:\n]*:(\d+):(\d+): error:/m.exec(n.err);
		if (m && n.err.startsWith(path.basename(c.file) + ':') && p.bad !== +m[1]) why.push('error line ' + m[1] + ' not marked (' + p.bad + ')');
		pageMs += p.ms; nativeMs += n.ms;
		log.push({ file: c.file, kind: c.kind, page_ms: p.ms, page_engine_ms: p.engine, page_draw_ms: p.draw, native_ms: n.ms, ok: !why.length });
		if (why.length) {
			fail++;
			console.log('FAIL ' + c.kind + ' ' + c.file + ': ' + why.join(', '));
			if (opt.out) {
				const b = path.join(opt.out, path.basename(c.file) + '.' + c.kind);
				fs.writeFileSync(b + '.page', p.out + '\n--- stderr\n' + p.err + '\n--- dot\n' + (p.dot || ''));
				fs.writeFileSync(b + '.native', n.out + '\n--- stderr\n' + n.err + '\n--- dot\n' + n.dot);
			}
		} else pass++;
	}
	// The page's own controls: the link, Cancel, a run after a cancel.
	const ev = async (e) => { const r = await Runtime.evaluate({ expression: e, awaitPromise: true, returnByValue: true }); return r.result.value; };
	const ui = async (name, fn) => {
		let why;
		try { why = await fn(); } catch (x) { why = String(x); }
		if (why) { fail++; console.log('FAIL ui ' + name + ': ' + why); } else pass++;
	};
	if (opt.ui) {
		const text = fs.readFileSync(opt.ui, 'utf8');
		await ui('link', async () => {
			await ev(`document.getElementById('src').value = ${JSON.stringify(text)}; document.getElementById('model').value = 'bpf.cat';
				  document.getElementById('variants').value = 'mixed'; document.getElementById('share').click(); 1`);
			const href = await ev('location.href');
			if (!/#t=/.test(href)) return 'no test in the URL: ' + href;
			await Page.navigate({ url: 'about:blank' });
			await new Promise((r) => setTimeout(r, 300));
			await Page.navigate({ url: href });
			for (let i = 0; i < 300 && (await ev("document.getElementById('status').textContent")) !== 'ready'; i++)
				await new Promise((r) => setTimeout(r, 100));
			const back = await ev("JSON.stringify([document.getElementById('src').value, document.getElementById('model').value, document.getElementById('variants').value])");
			return back === JSON.stringify([text, 'bpf.cat', 'mixed']) ? '' : 'the link gave back ' + back.slice(0, 200);
		});
		await ui('cancel', async () => {
			// A long run (N=4 threads of K=4 stores to x, 3 s natively):
			// after 1 s it still runs, the page answers at once (the
			// engine is in the worker), Cancel ends it.
			const n = 4, k = 4, row = (f) => Array.from({ length: n }, (_, t) => f(t)).join(' | ') + ' ;\n';
			let long = 'BPF scale-N4-K4\n{\n' + Array.from({ length: n }, (_, t) => t + ':r1=x;\n').join('') + '}\n';
			long += row((t) => 'P' + t);
			for (let j = 1; j <= k; j++) long += row((t) => '*(u32 *)(r1 + 0) = ' + (t * k + j));
			long += row(() => 'r2 = *(u32 *)(r1 + 0)');
			long += 'locations [x]\nexists (' + Array.from({ length: n }, (_, t) => t + ':r2=' + (((t + 1) % n) * k + k)).join(' /\\ ') + ')\n';
			await ev(`document.getElementById('src').value = ${JSON.stringify(long)}; document.getElementById('model').value = '';
				  document.getElementById('variants').value = ''; document.getElementById('run').click(); 1`);
			await new Promise((r) => setTimeout(r, 1000));
			const t0 = Date.now();
			const st = await ev(`JSON.stringify([document.getElementById('status').dataset.state, !document.getElementById('cancel').disabled])`);
			const answer = Date.now() - t0;
			if (st !== JSON.stringify(['running', true])) return 'not running after 1 s: ' + st;
			if (answer > 1000) return 'the page took ' + answer + ' ms to answer during a run';
			const r = await ev(`(() => { const $ = (id) => document.getElementById(id); $('cancel').click();
				return JSON.stringify([$('status').dataset.state, $('run').disabled, $('cancel').disabled, $('out').textContent]); })()`);
			return r === JSON.stringify(['cancelled', false, true, '']) ? '' : 'cancel: ' + r;
		});
		await ui('run after cancel', async () => {
			const r = await ev(`(async () => { const $ = (id) => document.getElementById(id);
				$('src').value = ${JSON.stringify(text)};
				$('run').click();
				for (let i = 0; i < 1200 && $('status').dataset.state === 'running'; i++) await new Promise((r) => setTimeout(r, 50));
				return $('status').dataset.state + ' ' + /^Observation /m.test($('out').textContent); })()`);
			return r === 'done true' ? '' : 'after cancel: ' + r;
		});
	}
	if (opt.ui) {
		// explain of a state the page lists after a run (its second States
		// line, as the page turns it into a proposition), against the native
		// explain of the same proposition
		await ui('explain a listed state', async () => {
			const text = fs.readFileSync(opt.ui, 'utf8');
			const p = JSON.parse(await ev(`(async () => { const $ = (id) => document.getElementById(id);
				const wait = async () => { for (let i = 0; i < 1200 && $('status').dataset.state === 'running'; i++) await new Promise((r) => setTimeout(r, 50)); };
				$('example').value = ''; window.bpfmmPage.setFile(${JSON.stringify(path.basename(opt.ui))});
				$('src').value = ${JSON.stringify(text)}; $('model').value = ''; $('variants').value = '';
				$('run').click(); await wait();
				const o = $('state').options[2];
				if (!o) return JSON.stringify({ none: true });
				$('state').value = o.value;
				$('explain').click(); await wait();
				return JSON.stringify({ state: o.value, shown: o.textContent, out: $('aux').textContent, err: $('err').textContent }); })()`));
			if (p.none) return 'no second state listed';
			const n = native({ kind: 'explain', model: '-', variants: [], file: opt.ui, extra: p.state });
			if (opt.alter) p.out = alter(p.out);
			if (noTime(p.out) !== noTime(n.out) || p.err !== n.err) return 'explain ' + p.state + ' differs: ' + JSON.stringify(p.err).slice(0, 200);
			return /^(\d+:r\d+=\d+ \/\\ )*\d+:r\d+=\d+$/.test(p.state) ? '' : 'state ' + JSON.stringify(p.state) + ' from ' + p.shown;
		});
		// -j 2 in the page's worker (no thread there: one after the other)
		// prints what the native -j 2 prints; two tests, one of them bad.
		await ui('-j 2', async () => {
			const names = [opt.ui, 'tests/bad/missing-semicolon.litmus'];
			const files = {}, dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpfmm-web-'));
			for (const f of names) { files[path.basename(f)] = fs.readFileSync(f, 'utf8'); fs.copyFileSync(f, path.join(dir, path.basename(f))); }
			const args = ['-j', '2', ...names.map((f) => path.basename(f))];
			const p = JSON.parse(await ev(`new Promise((res) => { const w = new Worker('worker.js');
				w.onmessage = (e) => { w.terminate(); res(JSON.stringify(e.data)); };
				w.postMessage({ id: 1, args: ${JSON.stringify(args)}, files: ${JSON.stringify(files)} }); })`));
			const n = spawnSync(path.resolve(opt.native), args, { cwd: dir, encoding: 'utf8', timeout: 60000 });
			fs.rmSync(dir, { recursive: true, force: true });
			if (opt.alter) p.out = alter(p.out);
			const why = [];
			if (p.code !== n.status) why.push('exit ' + p.code + ' != ' + n.status);
			if (noTime(p.out) !== noTime(n.stdout)) why.push('stdout differs');
			if (p.err !== n.stderr) why.push('stderr differs: ' + JSON.stringify(p.err).slice(0, 200));
			return why.join(', ');
		});
	}
	if (opt.screenshot) {
		const shot = cases.find((c) => c.kind === 'run' && /MP|SB/.test(c.file)) || cases[0];
		await Runtime.evaluate({ expression: inPage(shot, fs.readFileSync(shot.file, 'utf8')), awaitPromise: true });
		const s = await Page.captureScreenshot({ format: 'png' });
		fs.writeFileSync(opt.screenshot, Buffer.from(s.data, 'base64'));
	}
	if (opt.timing) fs.writeFileSync(opt.timing, JSON.stringify({ page_ms: pageMs, native_ms: nativeMs, cases: log }, null, 1));
	await client.close();
	console.log('web: ' + pass + ' passed, ' + fail + ' failed');
	process.exit(fail ? 1 : 0);
})().catch((e) => { console.error('web: ' + e); process.exit(2); });
