// app.js - the page: editor, examples, model choice, Run / Cancel, the
// result as the CLI prints it, explain, map, the execution graph (the
// CLI's -dot output drawn by @viz-js/viz), a link carrying the test.
'use strict';
const $ = (id) => document.getElementById(id);
const MODELDIR = '/bpfmm/models', LKMM = '/bpfmm/lkmm/linux-kernel.cfg', MAPDIR = '/bpfmm/mappings';
let catalog = { groups: [], models: [], mappings: [], variants: {} };
let worker = null, pending = null, jobId = 0, fileName = 'test.litmus';
let vizPromise = null, lastDot = '', lastMs = 0, lastDrawMs = 0;
// settles when the command in progress has shown its result (graph drawn)
let settled = Promise.resolve();

function status(text, state) { $('status').textContent = text; $('status').dataset.state = state; }

// ---- editor with line numbers and error marks ----
function gutter(bad) {
	const n = $('src').value.split('\n').length;
	let h = '';
	for (let i = 1; i <= n; i++)
		h += i === bad ? '<span class="bad">' + i + '</span>' : i + '\n';
	$('gutter').innerHTML = h;
	$('gutter').scrollTop = $('src').scrollTop;
}
function markError(line, col, msg) {
	gutter(line);
	$('errline').textContent = msg ? 'line ' + line + ', column ' + col + ': ' + msg : '';
	if (!line) return;
	const lines = $('src').value.split('\n');
	let off = 0;
	for (let i = 0; i < line - 1 && i < lines.length; i++) off += lines[i].length + 1;
	const len = (lines[line - 1] || '').length;
	const start = off + Math.min(Math.max(col - 1, 0), len);
	$('src').setSelectionRange(start, off + len);
	$('src').scrollTop = Math.max(0, (line - 5) * 16);
	$('gutter').scrollTop = $('src').scrollTop;
}
// The CLI's FILE:LINE:COL: error: MESSAGE line for the editor's file.
function findError(err) {
	for (const l of err.split('\n')) {
		const m = /^(.*?):(\d+):(\d+): error: (.*)$/.exec(l);
		if (m && m[1] === fileName) return { line: +m[2], col: +m[3], msg: m[4] };
	}
	return null;
}

// ---- the worker ----
function newWorker() {
	if (worker) worker.terminate();
	worker = new Worker('worker.js');
	worker.onmessage = (e) => { const p = pending; pending = null; if (p && e.data.id === p.id) p.resolve(e.data); };
	worker.onerror = (e) => { const p = pending; pending = null; if (p) p.resolve({ code: -1, out: '', err: 'worker: ' + e.message + '\n', dots: {} }); };
}
function runCmd(args, dotdir) {
	if (pending) return Promise.reject(new Error('busy'));
	const id = ++jobId;
	const files = {}; files[fileName] = $('src').value;
	return new Promise((resolve) => {
		pending = { id, resolve };
		worker.postMessage({ id, args, files, dotdir });
	});
}
function modelArgs() {
	const m = $('model').value, a = [];
	if (m === 'lkmm') a.push('-conf', LKMM);
	else if (m) a.push('-model', MODELDIR + '/' + m);
	for (const v of $('variants').value.split(/[ ,]+/).filter(Boolean)) a.push('-variant', v);
	return a;
}
async function command(kind) {
	if (pending) return;
	$('out').textContent = ''; $('err').textContent = ''; $('aux').textContent = ''; lastDot = '';
	markError(0, 0, '');
	let args, dot = 'dot', show = kind === 'run' ? $('out') : $('aux');
	if (kind === 'run') args = [...modelArgs(), '-dot', dot, fileName];
	else if (kind === 'explain') {
		args = ['explain', ...modelArgs(), '-dot', dot, fileName];
		if ($('state').value) args.push($('state').value);
	} else {
		args = ['map', '--mapping', MAPDIR + '/' + $('mapping').value, fileName];
		dot = null;
	}
	for (const b of ['run', 'explain', 'map']) $(b).disabled = true;
	$('cancel').disabled = false;
	status('running…', 'running');
	const t0 = performance.now();
	const r = await runCmd(args, dot);
	const ms = performance.now() - t0;
	for (const b of ['run', 'explain', 'map']) $(b).disabled = false;
	$('cancel').disabled = true;
	if (r.cancelled) return;
	show.textContent = r.out;
	$('err').textContent = r.err;
	const e = findError(r.err);
	if (e) markError(e.line, e.col, e.msg);
	if (kind === 'run') fillStates(r.out);
	const dots = Object.values(r.dots || {});
	lastDot = dots.join('');
	lastMs = r.ms || 0;
	const d0 = performance.now();
	if (dot) await draw(dots[0]);
	lastDrawMs = performance.now() - d0;
	status((r.code === 0 ? 'done' : 'exit ' + r.code) + ' in ' + (ms / 1000).toFixed(2) + ' s', r.code === 0 ? 'done' : 'error');
	$('status').dataset.code = r.code;
}
function cancel() {
	if (!pending) return;
	const p = pending; pending = null;
	newWorker();
	p.resolve({ cancelled: true });
	for (const b of ['run', 'explain', 'map']) $(b).disabled = false;
	$('cancel').disabled = true;
	status('cancelled', 'cancelled');
}
function fillStates(out) {
	const sel = $('state');
	sel.innerHTML = '<option value="">(the condition\'s)</option>';
	const lines = out.split('\n');
	const i = lines.findIndex((l) => /^States \d+/.test(l));
	if (i < 0) return;
	// a States line "1:r4=0; [x]=1;" as explain's STATE: "1:r4=0 /\ [x]=1"
	for (let k = i + 1; k < lines.length && /;\s*$/.test(lines[k]); k++) {
		const o = document.createElement('option');
		o.textContent = lines[k].trim();
		o.value = lines[k].split(';').map((x) => x.trim()).filter(Boolean).join(' /\\ ');
		sel.appendChild(o);
	}
}

// ---- the graph: Graphviz dot from the CLI, drawn by @viz-js/viz ----
async function draw(dot) {
	$('graph').innerHTML = '';
	if (!dot) return;
	try {
		if (!vizPromise) vizPromise = Viz.instance();
		const viz = await vizPromise;
		$('graph').appendChild(viz.renderSVGElement(dot));
	} catch (x) {
		$('graph').textContent = 'cannot draw: ' + x;
	}
}

// ---- link: the test in the URL fragment (base64 of UTF-8) ----
function b64enc(s) {
	const b = new TextEncoder().encode(s);
	let bin = '';
	for (let i = 0; i < b.length; i += 8192) bin += String.fromCharCode(...b.subarray(i, i + 8192));
	return btoa(bin);
}
function b64dec(s) { return new TextDecoder().decode(Uint8Array.from(atob(s), (c) => c.charCodeAt(0))); }
function share() {
	const p = new URLSearchParams();
	p.set('t', b64enc($('src').value));
	p.set('n', fileName);
	if ($('model').value) p.set('m', $('model').value);
	if ($('variants').value) p.set('v', $('variants').value);
	location.hash = p.toString();
	navigator.clipboard && navigator.clipboard.writeText(location.href).catch(() => {});
	status('link in the address bar', 'idle');
}
function fromHash() {
	if (!location.hash) return false;
	const p = new URLSearchParams(location.hash.slice(1));
	if (!p.get('t')) return false;
	try { $('src').value = b64dec(p.get('t')); } catch (x) { return false; }
	fileName = safeName(p.get('n') || 'test.litmus');
	$('model').value = p.get('m') || '';
	$('variants').value = p.get('v') || '';
	gutter(0);
	return true;
}
function safeName(n) { n = n.replace(/[^A-Za-z0-9+._=,-]/g, '_'); return /\.litmus$/.test(n) ? n : n + '.litmus'; }

// ---- examples and models ----
function loadExample(key) {
	if (!key) return;
	const [g, i] = key.split('/').map(Number);
	const t = catalog.groups[g].tests[i];
	$('src').value = t.text;
	fileName = t.file;
	$('model').value = t.model || '';
	$('variants').value = '';
	markError(0, 0, '');
}
function fillVariants() {
	const dl = $('variant-list'); dl.innerHTML = '';
	for (const v of catalog.variants[$('model').value || ''] || []) {
		const o = document.createElement('option'); o.value = v; dl.appendChild(o);
	}
}
async function init() {
	newWorker();
	catalog = await (await fetch('examples.json')).json();
	const ex = $('example');
	catalog.groups.forEach((g, gi) => {
		const og = document.createElement('optgroup'); og.label = g.name;
		g.tests.forEach((t, ti) => {
			const o = document.createElement('option');
			o.value = gi + '/' + ti; o.textContent = t.file; og.appendChild(o);
		});
		ex.appendChild(og);
	});
	const ms = $('model');
	for (const [v, label] of [['', "auto (the test's architecture)"], ['lkmm', 'linux-kernel.cfg (LKMM)'],
				  ...catalog.models.map((m) => [m, m])]) {
		const o = document.createElement('option'); o.value = v; o.textContent = label; ms.appendChild(o);
	}
	for (const m of catalog.mappings) {
		const o = document.createElement('option'); o.value = o.textContent = m; $('mapping').appendChild(o);
	}
	if (catalog.mappings.includes('riscv64-linux-6.12')) $('mapping').value = 'riscv64-linux-6.12';
	ex.onchange = () => loadExample(ex.value);
	ms.onchange = fillVariants;
	$('src').addEventListener('input', () => { markError(0, 0, ''); });
	$('src').addEventListener('scroll', () => { $('gutter').scrollTop = $('src').scrollTop; });
	const start = (kind) => { if (!pending) settled = command(kind); };
	$('run').onclick = () => start('run');
	$('explain').onclick = () => start('explain');
	$('map').onclick = () => start('map');
	$('cancel').onclick = cancel;
	$('share').onclick = share;
	if (!fromHash() && catalog.groups.length) { ex.value = '0/0'; loadExample('0/0'); }
	fillVariants();
	gutter(0);
	status('ready', 'idle');
}
// for the tests: the file name the editor's text is saved as
window.bpfmmPage = { setFile: (n) => { fileName = safeName(n); }, file: () => fileName, lastDot: () => lastDot, engineMs: () => lastMs, drawMs: () => lastDrawMs,
	idle: () => settled };
init();
